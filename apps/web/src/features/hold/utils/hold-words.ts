// How the hold report words its figures: a hold % that may not exist, a row's name by its grouping.
import type { HoldRow } from '@backline/contract/reports/hold';
import type { TFunction } from 'i18next';
import { formatPercent } from '@/lib/format';

/** A hold % (percentage points, e.g. 4.52) as the locale writes a percent; a dash without handle. */
export function formatHold(pct: number | null, locale: string): string {
  return pct === null ? '—' : formatPercent(pct / 100, locale, 2);
}

/** A row's name: a sport in the reader's words, an agent's own players as such, else its label. */
export function rowName(row: HoldRow, t: TFunction): string {
  if (row.Sport !== null && row.Key === row.Sport) return t(`sports.${row.Sport}`);
  if (row.Own) return t('hold.ownPlayers', { agent: row.Label });
  return row.Label;
}
