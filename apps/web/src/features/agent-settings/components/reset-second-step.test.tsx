// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResetSecondStep } from './reset-second-step';

const mutate = vi.fn();
vi.mock('../api/reset-second-step', () => ({
  useResetSecondStep: () => ({ mutate, reset: vi.fn(), isPending: false, error: null }),
}));

afterEach(cleanup);

// Without a loaded language the labels read as their keys.
describe('ResetSecondStep', () => {
  it('resets a sub-agent\u2019s second step only once the parent confirms', () => {
    render(<ResetSecondStep idAgent={42} agent="AG1SUB" />);
    fireEvent.click(screen.getByRole('button', { name: 'secondStep.reset' }));
    expect(mutate).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'secondStep.resetQuestion' })).toBeTruthy();
    expect(screen.getByText('secondStep.resetMeans')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'secondStep.reset' }));
    expect(mutate).toHaveBeenCalledWith(42, expect.anything());
  });
});
