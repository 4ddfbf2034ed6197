// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { SecondStepForm } from './second-step-form';

const mutate = vi.fn();
const state: { error: unknown } = { error: null };
vi.mock('../api/login-second-step', () => ({
  useLoginSecondStep: () => ({ mutate, reset: vi.fn(), isPending: false, error: state.error }),
}));

afterEach(cleanup);
beforeEach(() => {
  mutate.mockReset();
  state.error = null;
});

const step = {
  Challenge: 'c'.repeat(43),
  Methods: ['totp', 'recovery'] as ('totp' | 'recovery' | 'passkey')[],
  Enrol: false,
  ExpiresAt: '2026-11-18T15:05:00.000Z',
};

// Without a loaded language the labels read as their keys.
describe('SecondStepForm', () => {
  it('asks for a 6-digit code the phone can fill from a message, and sends only its digits', () => {
    render(<SecondStepForm step={step} login="AG1" onRestart={vi.fn()} />);
    const code = screen.getByLabelText('secondStep.code');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    fireEvent.change(code, { target: { value: '12 34-56' } });
    fireEvent.click(screen.getByRole('button', { name: 'secondStep.verify' }));
    expect(mutate).toHaveBeenCalledWith(
      { Challenge: step.Challenge, Code: '123456' },
      expect.anything(),
    );
  });

  it('switches to a recovery code', () => {
    render(<SecondStepForm step={step} login="AG1" onRestart={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'secondStep.useRecovery' }));
    fireEvent.change(screen.getByLabelText('secondStep.recoveryCode'), {
      target: { value: 'abcd-efgh-jk' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'secondStep.verify' }));
    expect(mutate).toHaveBeenCalledWith(
      { Challenge: step.Challenge, RecoveryCode: 'abcd-efgh-jk' },
      expect.anything(),
    );
  });

  it('offers only a new log-in once the challenge is dead', () => {
    state.error = new ApiError('expired', 401, null, { Code: 'second_step_expired', Params: {} });
    const onRestart = vi.fn();
    render(<SecondStepForm step={step} login="AG1" onRestart={onRestart} />);
    expect(screen.queryByLabelText('secondStep.code')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'secondStep.startAgain' }));
    expect(onRestart).toHaveBeenCalled();
  });

  it('puts the passkey button in its place when the agent has a passkey', () => {
    const passkey = vi.fn(() => <button type="button">Use a passkey</button>);
    render(
      <SecondStepForm
        step={{ ...step, Methods: ['passkey'] }}
        login="AG1"
        onRestart={vi.fn()}
        passkey={passkey}
      />,
    );
    expect(screen.getByRole('button', { name: 'Use a passkey' })).toBeTruthy();
    expect(passkey).toHaveBeenCalledWith(expect.objectContaining({ challenge: step.Challenge }));
    // No authenticator app: no code field.
    expect(screen.queryByLabelText('secondStep.code')).toBeNull();
  });
});
