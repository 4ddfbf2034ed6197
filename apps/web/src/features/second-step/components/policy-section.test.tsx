// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PolicySection } from './policy-section';

const mutate = vi.fn();
const policy = { RequireSecondStep: false };
vi.mock('../api/second-step-policy', () => ({
  useSecondStepPolicy: () => ({
    data: policy,
    error: null,
    isPending: false,
    isError: false,
    refetch: vi.fn(),
  }),
  useSetSecondStepPolicy: () => ({ mutate, reset: vi.fn(), isPending: false, error: null }),
}));

afterEach(cleanup);
beforeEach(() => mutate.mockReset());

// Without a loaded language the labels read as their keys.
describe('PolicySection', () => {
  it('asks before it requires a second step, and saves only once confirmed', () => {
    render(<PolicySection />);
    const box = screen.getByLabelText('secondStep.policyRequire') as HTMLInputElement;
    expect(box.checked).toBe(false);
    fireEvent.click(box);
    expect(mutate).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'secondStep.policyConfirmOn' })).toBeTruthy();
    expect(screen.getByText('secondStep.policyOnMeans')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'secondStep.policySave' }));
    expect(mutate).toHaveBeenCalledWith(true, expect.anything());
  });

  it('goes back to the switch, unchanged, on Change', () => {
    render(<PolicySection />);
    fireEvent.click(screen.getByLabelText('secondStep.policyRequire'));
    fireEvent.click(screen.getByRole('button', { name: 'payments.confirm.edit' }));
    expect((screen.getByLabelText('secondStep.policyRequire') as HTMLInputElement).checked).toBe(
      false,
    );
    expect(mutate).not.toHaveBeenCalled();
  });
});
