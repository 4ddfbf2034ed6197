// Placing, grading, regrading and voiding a wager: each one transaction under the player's lock.
import { audit } from '../security/audit-repository.ts';
import { WAGER_TYPES, type WagerType } from '@backline/contract';
import type { Tx } from '../db/query.ts';
import { ConflictError, NotFoundError, ValidationError } from '../errors.ts';
import { withPlayer, type LedgerDeps, type Posting } from './ledger-posting.ts';
import {
  findWager,
  insertLegs,
  insertWager,
  insertWagerChange,
  nextWagerId,
  setAllLegResults,
  setLegResult,
  siteEventSports,
  updateWager,
  wagerLegIds,
  wagerNetByType,
  type LedgerRow,
  type WagerLegRow,
  type WagerRow,
} from './ledger-repository.ts';
import {
  gradeEntries,
  placementEntries,
  realAmount,
  regradeEntries,
  settledAmount,
  SETTLEMENTS,
  ticketFor,
  voidEntries,
  wagerSnapshot,
  type EntryDraft,
  type Market,
  type Settlement,
} from './wager-math.ts';

export type { Market };

export interface PlaceWagerLeg {
  eventId: number;
  market: Market;
  selection: string;
  lineTaken: number | null;
  oddsTaken: number;
  closingLine?: number | null;
  closingOdds?: number | null;
}

export interface PlaceWagerInput {
  siteId: number;
  playerId: number;
  wagerType: WagerType;
  description: string;
  risk: number;
  toWin: number;
  freePlay?: boolean;
  legs: PlaceWagerLeg[];
  /** The platform's own id of the wager (the feed's), unique per site; written with the row. */
  externalId?: string | null;
}

export interface GradeWagerInput {
  siteId: number;
  wagerId: number;
  result: Settlement;
  /** One per leg in leg order; without it every leg takes the wager's result. */
  legResults?: Settlement[];
  gradedBy?: string;
}

export interface RegradeWagerInput {
  siteId: number;
  wagerId: number;
  result: Settlement;
  changedBy: string;
  reason: string;
}

export interface VoidWagerInput {
  siteId: number;
  wagerId: number;
  changedBy: string;
  reason: string;
  /** An agent's id, or the integration key's when the platform voids. */
  actorId?: number | null;
  actorKind?: 'agent' | 'platform';
  requestId?: string | null;
  /** Work that commits with the void (an agent's webhook to the platform). */
  inTransaction?: (tx: Tx, outcome: VoidOutcome) => Promise<void>;
}

export interface WagerOutcome {
  wager: WagerRow;
  entries: LedgerRow[];
}

export interface VoidOutcome extends WagerOutcome {
  /** What the void gave back to (or took from) the real balance. */
  reversed: number;
  balanceAfter: number;
}

function positive(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value <= 0)
    throw new ValidationError('amount_not_positive', { field: what });
}

async function postAll(p: Posting, drafts: readonly EntryDraft[]): Promise<LedgerRow[]> {
  const rows: LedgerRow[] = [];
  for (const draft of drafts) rows.push(await p.post(draft));
  return rows;
}

/** What a wager must be to be placed at all, whoever places it. */
export function assertPlaceable(input: {
  risk: number;
  toWin: number;
  wagerType: string;
  legs: readonly unknown[];
}): void {
  positive(input.risk, 'risk');
  positive(input.toWin, 'toWin');
  if (!WAGER_TYPES.includes(input.wagerType as WagerType))
    throw new ValidationError('wager_type_unknown', { wagerType: input.wagerType });
  if (input.legs.length === 0) throw new ValidationError('wager_without_legs');
}

/** A free-play stake leaves the free-play balance, which must hold it. */
export function assertStakeHeld(
  input: { risk: number; freePlay?: boolean | undefined },
  freePlayBalance: number,
): void {
  if (input.freePlay && freePlayBalance < input.risk) throw new ValidationError('free_play_short');
}

/** What a grade must meet: an open wager, and a result per leg when legs are given. */
export function assertGradeable(
  w: { status: string; ticket: string },
  legs: number,
  input: { result: string; legResults?: readonly string[] | undefined },
): void {
  assertSettlement(input.result);
  input.legResults?.forEach(assertSettlement);
  if (w.status !== 'open') throw new ConflictError('wager_not_open', { wager: w.ticket });
  if (input.legResults && input.legResults.length !== legs) {
    throw new ValidationError('wager_legs_mismatch', {
      wager: w.ticket,
      legs,
      given: input.legResults.length,
    });
  }
}

export async function placeWager(
  deps: LedgerDeps,
  input: PlaceWagerInput,
): Promise<WagerOutcome & { legs: WagerLegRow[] }> {
  assertPlaceable(input);
  const freePlay = input.freePlay ?? false;
  return withPlayer(deps, input.siteId, input.playerId, async (p) => {
    const eventSports = await siteEventSports(p.tx, input.siteId, [
      ...new Set(input.legs.map((l) => l.eventId)),
    ]);
    const missing = input.legs.find((l) => !eventSports.has(l.eventId));
    if (missing) throw new NotFoundError('event_not_found', { event: missing.eventId });
    assertStakeHeld(input, p.state().freePlayBalance);
    const id = await nextWagerId(p.tx);
    const wager = await insertWager(p.tx, {
      id,
      siteId: input.siteId,
      playerId: p.player.id,
      agentId: p.player.agentId,
      ticket: ticketFor(id),
      wagerType: input.wagerType,
      sport: eventSports.get(input.legs[0]!.eventId)!,
      description: input.description,
      currency: p.player.currency,
      risk: input.risk,
      toWin: input.toWin,
      freePlay,
      placedAt: p.at,
      externalId: input.externalId ?? null,
    });
    const legs = await insertLegs(
      p.tx,
      input.legs.map((l) => ({
        wagerId: id,
        eventId: l.eventId,
        market: l.market,
        selection: l.selection,
        lineTaken: l.lineTaken === null ? null : String(l.lineTaken),
        oddsTaken: l.oddsTaken,
        closingLine: l.closingLine == null ? null : String(l.closingLine),
        closingOdds: l.closingOdds ?? null,
      })),
    );
    const entries = await postAll(p, placementEntries(wager));
    if (!freePlay) p.changeAtRisk(wager.risk);
    return { wager, legs, entries };
  });
}

/** Reads the wager, then locks its player before the wager itself, the order every posting uses. */
async function withWager<T>(
  deps: LedgerDeps,
  siteId: number,
  wagerId: number,
  work: (p: Posting, w: WagerRow) => Promise<T>,
): Promise<T> {
  const seen = await findWager(deps.db, siteId, wagerId);
  if (!seen) throw new NotFoundError('wager_not_found', { wager: wagerId });
  return withPlayer(deps, siteId, seen.playerId, async (p) => {
    const w = await findWager(p.tx, siteId, wagerId, { lock: true });
    if (!w) throw new NotFoundError('wager_not_found', { wager: wagerId });
    return work(p, w);
  });
}

function assertSettlement(result: string): asserts result is Settlement {
  if (!SETTLEMENTS.includes(result as Settlement))
    throw new ValidationError('result_unknown', { result });
}

export async function gradeWager(deps: LedgerDeps, input: GradeWagerInput): Promise<WagerOutcome> {
  assertSettlement(input.result);
  input.legResults?.forEach(assertSettlement);
  return withWager(deps, input.siteId, input.wagerId, async (p, w) => {
    const legIds = await wagerLegIds(p.tx, w.id);
    assertGradeable(w, legIds.length, input);
    if (input.legResults) {
      for (const [i, legId] of legIds.entries())
        await setLegResult(p.tx, legId, input.legResults[i]!);
    } else {
      await setAllLegResults(p.tx, w.id, input.result);
    }
    const entries = await postAll(p, gradeEntries(w, input.result, input.gradedBy));
    if (!w.freePlay) p.changeAtRisk(-w.risk);
    const wager = await updateWager(p.tx, w.id, {
      status: 'graded',
      result: input.result,
      amount: settledAmount(w, input.result),
      gradedAt: p.at,
      gradedDay: entries[0]!.day,
    });
    return { wager, entries };
  });
}

export async function regradeWager(
  deps: LedgerDeps,
  input: RegradeWagerInput,
): Promise<WagerOutcome> {
  assertSettlement(input.result);
  if (input.reason.trim() === '') throw new ValidationError('reason_required');
  return withWager(deps, input.siteId, input.wagerId, async (p, w) => {
    if (w.status !== 'graded') throw new ConflictError('wager_not_graded', { wager: w.ticket });
    const from = w.result as Settlement;
    if (from === input.result)
      throw new ConflictError('wager_already_graded', { wager: w.ticket, result: from });
    const drafts = regradeEntries(w, from, input.result, input.changedBy);
    const entries = await postAll(p, drafts);
    await setAllLegResults(p.tx, w.id, input.result);
    // The grade in force was set now, so the graded day follows it; the ledger keeps both postings.
    const wager = await updateWager(p.tx, w.id, {
      result: input.result,
      amount: settledAmount(w, input.result),
      gradedAt: p.at,
      gradedDay: entries[0]!.day,
    });
    await insertWagerChange(p.tx, {
      siteId: w.siteId,
      wagerId: w.id,
      playerId: w.playerId,
      agentId: w.agentId,
      status: 'regraded',
      changedAt: p.at,
      changedBy: input.changedBy,
      reason: input.reason,
      before: wagerSnapshot(w),
      after: wagerSnapshot(wager),
      amount: drafts[0]!.amount,
    });
    return { wager, entries };
  });
}

export async function voidWager(deps: LedgerDeps, input: VoidWagerInput): Promise<VoidOutcome> {
  if (input.reason.trim() === '') throw new ValidationError('reason_required');
  return withWager(deps, input.siteId, input.wagerId, async (p, w) => {
    if (w.status === 'deleted')
      throw new ConflictError('wager_already_deleted', { wager: w.ticket });
    const drafts = voidEntries(w, await wagerNetByType(p.tx, w.id), input.reason, input.changedBy);
    const entries = await postAll(p, drafts);
    if (w.status === 'open' && !w.freePlay) p.changeAtRisk(-w.risk);
    const reversed = realAmount(drafts);
    const wager = await updateWager(p.tx, w.id, { status: 'deleted', deletedAt: p.at });
    await insertWagerChange(p.tx, {
      siteId: w.siteId,
      wagerId: w.id,
      playerId: w.playerId,
      agentId: w.agentId,
      status: 'deleted',
      changedAt: p.at,
      changedBy: input.changedBy,
      reason: input.reason,
      before: wagerSnapshot(w),
      after: wagerSnapshot(wager),
      amount: reversed,
    });
    await audit(p.tx, {
      siteId: w.siteId,
      actorKind: input.actorKind ?? 'agent',
      actorId: input.actorId ?? null,
      action: 'wager.delete',
      targetKind: 'wager',
      targetId: w.id,
      details: { ticket: w.ticket, reason: input.reason, reversed, changedBy: input.changedBy },
      ...(input.requestId ? { requestId: input.requestId } : {}),
      at: p.at,
    });
    const outcome = { wager, entries, reversed, balanceAfter: p.state().balance };
    await input.inTransaction?.(p.tx, outcome);
    return outcome;
  });
}
