// @vitest-environment jsdom
import type { AlertSettings } from '@backline/contract/calls/alerts';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SettingsForm } from './alert-settings';

const mutate = vi.fn();
vi.mock('../api/alerts', () => ({
  useAlertSettings: vi.fn(),
  useSetAlertSettings: () => ({ mutate, isPending: false, error: null }),
}));
vi.mock('@/lib/format', () => ({ useLocale: () => 'en-US' }));

afterEach(cleanup);
beforeEach(() => mutate.mockReset());

const inherited: AlertSettings = {
  IdAgent: 7,
  Agent: 'AG1',
  Currency: 'USD',
  Own: null,
  Effective: {
    WagerRisk: 50_000,
    DayResult: null,
    SideExposure: 45_000,
    WatchedWagers: true,
    SharpWagers: false,
  },
  From: { IdAgent: 1, Agent: 'MASTER' },
  Self: true,
  Email: null,
  WebhookUrl: null,
  Editable: true,
  UpdatedAt: null,
};

// Without a loaded language the labels read as their keys.
const review = () =>
  fireEvent.click(screen.getByRole('button', { name: 'alerts.settings.review' }));

describe('SettingsForm', () => {
  it('shows inherited thresholds as such, with whose they are', () => {
    render(<SettingsForm settings={inherited} />);
    expect(screen.getByText('alerts.settings.inherited')).toBeTruthy();
    expect(screen.getByText('fields.wagerRisk: $500.00')).toBeTruthy();
    expect(screen.getByText('fields.dayResult: alerts.settings.off')).toBeTruthy();
    expect((screen.getByLabelText('alerts.settings.ownLabel') as HTMLInputElement).checked).toBe(
      false,
    );
  });

  it('saves amounts read strictly, only once the review is confirmed', () => {
    render(<SettingsForm settings={inherited} />);
    fireEvent.click(screen.getByLabelText('alerts.settings.ownLabel'));
    const risk = screen.getByLabelText('fields.wagerRisk', { exact: false });
    fireEvent.change(risk, { target: { value: '1,5' } });
    review();
    expect(screen.queryByRole('group', { name: 'alerts.settings.confirmTitle' })).toBeNull();
    fireEvent.change(risk, { target: { value: '1,250.50' } });
    fireEvent.click(screen.getByLabelText('fields.sharpWagers'));
    fireEvent.change(screen.getByLabelText('fields.webhookUrl', { exact: false }), {
      target: { value: 'https://chat.example.com/hooks/x' },
    });
    review();
    const check = screen.getByRole('group', { name: 'alerts.settings.confirmTitle' });
    expect(within(check).getByText('fields.wagerRisk: $1,250.50')).toBeTruthy();
    expect(mutate).not.toHaveBeenCalled();
    fireEvent.click(within(check).getByRole('button', { name: 'alerts.settings.save' }));
    expect(mutate).toHaveBeenCalledWith(
      {
        idAgent: 7,
        own: true,
        wagerRisk: 125_050,
        dayResult: null,
        sideExposure: null,
        watchedWagers: false,
        sharpWagers: true,
        email: null,
        webhookUrl: 'https://chat.example.com/hooks/x',
      },
      expect.anything(),
    );
  });

  it('reads only where the caller may not change them, and hides another agent’s destinations', () => {
    render(<SettingsForm settings={{ ...inherited, Editable: false, Self: false }} />);
    expect(screen.getByText('alerts.settings.readOnly')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'alerts.settings.review' })).toBeNull();
    expect(screen.queryByLabelText('fields.email', { exact: false })).toBeNull();
  });
});
