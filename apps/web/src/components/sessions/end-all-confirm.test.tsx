// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EndAllConfirm } from './end-all-confirm';

afterEach(cleanup);

// Without a loaded language the labels read as their keys.
describe('EndAllConfirm', () => {
  it('ends the sessions only once the question is answered yes, and Cancel ends nothing', () => {
    const onConfirm = vi.fn();
    render(
      <EndAllConfirm
        label="End all"
        question="End 2 sessions?"
        pending={false}
        onConfirm={onConfirm}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'End all' }));
    // The question takes the focus, so a held Enter cannot answer it.
    expect(document.activeElement?.textContent).toBe('End 2 sessions?');
    fireEvent.click(screen.getByRole('button', { name: 'common.cancel' }));
    expect(onConfirm).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'End all' }));
    fireEvent.click(screen.getByRole('button', { name: 'sessions.confirmYes' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'End all' })).toBeTruthy();
  });
});
