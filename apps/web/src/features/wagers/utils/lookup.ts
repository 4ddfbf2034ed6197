// The delete screen's lookup: a wager matches by ticket, id, player login or name, accents ignored.
import type { Wager } from '@backline/contract/reports/wagers';
import { fold } from '@/lib/fold';

export function matchesLookup(
  w: Pick<Wager, 'IdWager' | 'Ticket' | 'Player' | 'Name'>,
  search: string,
): boolean {
  const needle = fold(search.trim());
  if (!needle) return true;
  return (
    String(w.IdWager) === needle ||
    fold(w.Ticket).includes(needle) ||
    fold(w.Player).includes(needle) ||
    fold(w.Name).includes(needle)
  );
}
