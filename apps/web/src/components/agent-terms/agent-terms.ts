// What a new agent gets from whoever makes it (an approved sign-up, an agent made from the tree):
// a parent in the caller's tree, rights never more than the parent's, and caps within its chain's.
import type { Right } from '@backline/contract/core/enums';
import type { SignUpParent } from '@backline/contract/calls/sign-up';
import type { AmountResult } from '@/lib/amount-input';

/** The terms as both calls take them, caps in minor units of the parent's currency. */
export interface AgentTerms {
  IdParent: number;
  Rights: Right[];
  CreditLimitCap: number;
  MaxWagerCap: number;
}

/** The parents in tree order (each agent followed by those below it), with their depth below the caller. */
export function treeOrder(parents: SignUpParent[]): Array<{ parent: SignUpParent; level: number }> {
  const ids = new Set(parents.map((p) => p.IdAgent));
  const children = new Map<number | null, SignUpParent[]>();
  for (const p of parents) {
    const key = p.IdParent !== null && ids.has(p.IdParent) ? p.IdParent : null;
    children.set(key, [...(children.get(key) ?? []), p]);
  }
  const out: Array<{ parent: SignUpParent; level: number }> = [];
  const walk = (key: number | null, level: number) => {
    const below = [...(children.get(key) ?? [])].sort((a, b) => a.Login.localeCompare(b.Login));
    for (const p of below) {
      out.push({ parent: p, level });
      walk(p.IdAgent, level + 1);
    }
  };
  walk(null, 0);
  return out;
}

/**
 * The rights a form starts with: the least that makes a working account (seeing its own book),
 * and view-only where the parent forces it; the caller ticks the rest.
 */
export function defaultRights(parent: SignUpParent): Right[] {
  return parent.Grantable.filter(
    (r) => r === 'viewReports' || (r === 'viewOnly' && parent.ViewOnlyRequired),
  );
}

/** The rights kept when the parent changes: what the new one may pass on, and view-only if forced. */
export function rightsUnder(current: readonly Right[], was: SignUpParent, next: SignUpParent) {
  // View-only the previous parent forced is not taken for a choice.
  const kept = current.filter(
    (r) => next.Grantable.includes(r) && !(r === 'viewOnly' && was.ViewOnlyRequired),
  );
  return next.ViewOnlyRequired ? [...kept, 'viewOnly' as const] : kept;
}

export type CapProblem =
  { kind: 'amount'; result: AmountResult } | { kind: 'above'; max: number } | null;

export function capProblem(result: AmountResult, max: number | null): CapProblem {
  if (!result.ok) return { kind: 'amount', result };
  if (max !== null && result.minor > max) return { kind: 'above', max };
  return null;
}
