// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TotpEnrolAtLogin } from './totp-enrol-at-login';

const start = vi.fn();
const confirm = vi.fn();
const finishSignIn = vi.fn((_session: unknown) => Promise.resolve());
const setup = { Secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', Uri: 'otpauth://totp/x?secret=JBSW' };
vi.mock('../api/login-second-step', () => ({
  useLoginTotpStart: () => ({ mutate: start, data: setup, error: null, isError: false }),
  useLoginTotpConfirm: () => ({ mutate: confirm, error: null, isPending: false }),
}));
vi.mock('../api/login', () => ({ finishSignIn: (s: unknown) => finishSignIn(s) }));

afterEach(cleanup);
beforeEach(() => {
  start.mockReset();
  confirm.mockReset();
  finishSignIn.mockClear();
});

const step = {
  Challenge: 'c'.repeat(43),
  Methods: ['totp' as const],
  Enrol: true,
  ExpiresAt: '2026-11-18T15:05:00.000Z',
};
const session = { Kind: 'agent', Token: 't' };

// Without a loaded language the labels read as their keys.
describe('TotpEnrolAtLogin', () => {
  it('sets the app up under the challenge, shows the codes once, then signs in', () => {
    render(<TotpEnrolAtLogin step={step} login="AG3" onRestart={vi.fn()} />);
    expect(start).toHaveBeenCalledWith(step.Challenge);
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'secondStep.qrLabel' })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('secondStep.firstCode'), {
      target: { value: '123456' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'secondStep.confirm' }));
    expect(confirm).toHaveBeenCalledWith(
      { Challenge: step.Challenge, Code: '123456' },
      expect.anything(),
    );
    const options = confirm.mock.calls[0]![1] as { onSuccess: (a: unknown) => void };
    const codes = Array.from({ length: 10 }, (_, i) => `aaaa-bbbb-${i}c`);
    act(() => options.onSuccess({ Session: session, RecoveryCodes: codes }));
    expect(screen.getAllByRole('listitem')).toHaveLength(10);
    // Not signed in until the agent says it kept them.
    expect(finishSignIn).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'secondStep.codesKept' }));
    expect(finishSignIn).toHaveBeenCalledWith(session);
  });
});
