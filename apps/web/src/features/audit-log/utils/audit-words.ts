// How the audit log words a row: its action in the reader's language (the raw name when no word
// was written for it), the actor and target, and a change as "field: before → after".
import {
  auditActionKey,
  type AuditChange,
  type AuditLogRow,
} from '@backline/contract/reports/audit-log';
import { formatMoney } from '@backline/contract/core/money';
import type { TFunction } from 'i18next';

const EMPTY = '—';

/** Fields whose values are amounts in minor units: shown as money when the row names a currency. */
const MONEY_FIELDS = new Set([
  'amount',
  'balance',
  'freePlayBalance',
  'creditLimit',
  'tempCredit',
  'maxWager',
  'CreditLimit',
  'TempCredit',
  'MaxWager',
]);

/** Fields whose values are codes the reader has words for: the key prefix of those words. */
const CODED_FIELDS: Record<string, string> = {
  method: 'sessions.methods',
  status: 'players.statuses',
};

/** The currency a row's amounts are in, when it kept one. */
export function currencyOf(row: Pick<AuditLogRow, 'Details'>): string | null {
  return row.Details.find((d) => d.Key === 'currency')?.Value ?? null;
}

/** A value as the reader reads it: an amount of a money field in the row's currency. */
export function valueText(
  field: string,
  value: string | null,
  money: { currency: string | null; locale: string },
  t?: TFunction,
): string {
  if (value === null) return EMPTY;
  const coded = CODED_FIELDS[field];
  if (t && coded) return t(`${coded}.${value}`, { defaultValue: value });
  if (money.currency && MONEY_FIELDS.has(field) && /^-?\d+$/.test(value))
    return formatMoney(Number(value), money.currency, money.locale);
  return value;
}

export function actionLabel(t: TFunction, action: string): string {
  return t(`auditLog.actions.${auditActionKey(action)}`, { defaultValue: action });
}

/** "MASTER", or the kind in words for the platform, the system and the public. */
export function actorLabel(t: TFunction, row: Pick<AuditLogRow, 'Actor' | 'ActorKind'>): string {
  return row.Actor || t(`auditLog.actorKinds.${row.ActorKind}`);
}

/** "Player PL1001", "Wager 123-456", "Integration key #4"; '' when the act had no target. */
export function targetLabel(
  t: TFunction,
  row: Pick<AuditLogRow, 'TargetKind' | 'Target' | 'IdTarget'>,
): string {
  if (!row.TargetKind) return '';
  const kind = t(`auditLog.targetKinds.${auditActionKey(row.TargetKind)}`, {
    defaultValue: row.TargetKind,
  });
  const name = row.Target ?? (row.IdTarget === null ? '' : `#${row.IdTarget}`);
  return name ? `${kind} ${name}` : kind;
}

/** A field's name in words where the log has them, else as it is stored. */
export function fieldLabel(t: TFunction, field: string): string {
  return t(`auditLog.fieldNames.${field}`, { defaultValue: field });
}

export function changeText(
  t: TFunction,
  c: AuditChange,
  money: { currency: string | null; locale: string },
): string {
  const move = `${valueText(c.Field, c.Before, money, t)} → ${valueText(c.Field, c.After, money, t)}`;
  return c.Field ? `${fieldLabel(t, c.Field)}: ${move}` : move;
}

/** Where an act came from, on one line: address, country and device, those known. */
export function originText(row: Pick<AuditLogRow, 'Ip' | 'Country' | 'Device'>): string {
  return [row.Ip, row.Country, row.Device].filter(Boolean).join(' · ');
}
