// @vitest-environment jsdom
import type { AuditLogRow } from '@backline/contract/reports/audit-log';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuditLogTable } from './audit-log-table';

vi.mock('@/lib/time-zone', () => ({ useSiteTimeZone: () => 'America/New_York' }));
afterEach(cleanup);

const payment: AuditLogRow = {
  Id: 41,
  At: '2026-11-18T15:00:00.000000Z',
  ActorKind: 'agent',
  IdActor: 1,
  Actor: 'MASTER',
  ActingFor: 'AG1',
  Action: 'payment.player',
  Group: 'payments',
  TargetKind: 'player',
  IdTarget: 7,
  Target: 'PL1001',
  Ip: '203.0.113.7',
  Country: 'MX',
  Device: 'Chrome (Android)',
  Changes: [{ Field: 'balance', Before: '-12000', After: '500' }],
  Details: [
    { Key: 'amount', Value: '12500' },
    { Key: 'currency', Value: 'USD' },
  ],
};

const platform: AuditLogRow = {
  ...payment,
  Id: 40,
  ActorKind: 'platform',
  Actor: '',
  ActingFor: null,
  Action: 'player.status',
  Changes: [],
  Details: [{ Key: 'event', Value: 'player.suspended' }],
};

// Without a loaded language the words read as their keys, or as stored where a default is given.
describe('AuditLogTable', () => {
  it('shows who, for whom, what, on whom, from where and the balance before → after', () => {
    const onOpen = vi.fn();
    render(
      <AuditLogTable
        rows={[payment, platform]}
        locale="en-US"
        caption="Audit log"
        fetching={false}
        onOpen={onOpen}
      />,
    );
    const [first, second] = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(first!.textContent).toContain('MASTER');
    expect(first!.textContent).toContain('auditLog.actingFor');
    expect(first!.textContent).toContain('payment.player');
    expect(first!.textContent).toContain('player PL1001');
    expect(first!.textContent).toContain('balance: -$120.00 → $5.00');
    expect(first!.textContent).toContain('203.0.113.7 · MX · Chrome (Android)');
    expect(second!.textContent).toContain('auditLog.actorKinds.platform');
    expect(second!.textContent).toContain('event: player.suspended');
    fireEvent.click(within(first!).getByRole('button', { name: 'auditLog.moreLabel' }));
    expect(onOpen).toHaveBeenCalledWith(payment);
  });
});
