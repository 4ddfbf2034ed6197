// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { liveItem } from '../utils/live-item.fixture';
import { Badges } from './badges';

afterEach(cleanup);

const item = liveItem;

describe('the ticker’s badges', () => {
  it('say in words what makes a wager stand out, not by colour alone', () => {
    render(<Badges item={item({ Watched: true, Sharp: true })} big />);
    expect(screen.getByText('live.badges.big').className).toContain('live-badge--big');
    expect(screen.getByText('live.badges.sharp')).toBeTruthy();
    expect(screen.getByText('live.badges.watched')).toBeTruthy();
  });

  it('are absent from an ordinary wager', () => {
    const { container } = render(<Badges item={item({})} big={false} />);
    expect(container.innerHTML).toBe('');
  });
});
