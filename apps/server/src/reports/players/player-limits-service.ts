// A player's limits within the caps of every agent above it (DOMAIN.md "Running the book"), and
// the requests for limits above them: filed to the parent of the highest agent whose cap they pass,
// approved or refused there, and recorded on the player's history. An approval gives the player a
// ceiling of its own above the caps passed, which the accept rule honours. Limits bind the next
// wager only: nothing placed is touched.
import {
  NO_WAGER_LIMITS,
  type api,
  type AskedLimits,
  type CapPassed,
  type CappedField,
  type LimitRequest,
  type LimitRequestStatus,
  type ParsedBodyOf,
  type PlayerLimits,
  type WagerLimits,
} from '@backline/contract';
import type { AgentAuth } from '../../auth/auth-context.ts';
import { entrantOf } from '../../agents/entrant.ts';
import { playerInScope } from '../../agents/scope.ts';
import type { Converter } from '../../currency/currency-service.ts';
import type { Executor } from '../../db/query.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../errors.ts';
import { langOf } from '../../mail/messages.ts';
import { auditAgent, type Caller } from '../../security/audit-repository.ts';
import type { ReportDeps } from '../report-module.ts';
import * as requestsRepo from './limit-requests-repository.ts';
import { recordPlayerChange } from './player-change-service.ts';
import * as repo from './players-repository.ts';

type SetLimits = ParsedBodyOf<typeof api.setPlayerLimits>;

/** Limits as the player row takes them. */
interface LimitsTo {
  creditLimit: number;
  tempCredit: number;
  tempCreditUntil: Date | null;
  maxWager: number;
  wagerLimits: WagerLimits;
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
const parsed = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

function limitsOf(r: repo.LimitsDbRow, pending: PlayerLimits['Pending']): PlayerLimits {
  // A cap in another currency than the player's is shown as its own figure only where they
  // agree; the check itself compares both in the site currency.
  const capOf = (c: repo.CapDbRow | null) => (c && c.currency === r.currency ? c.cap : null);
  return {
    IdPlayer: r.id,
    Player: r.login,
    Currency: r.currency,
    CreditLimit: Number(r.credit_limit),
    TempCredit: Number(r.temp_credit),
    TempCreditUntil: iso(r.temp_credit_until),
    MaxWager: Number(r.max_wager),
    Limits: { ...NO_WAGER_LIMITS, ...(r.wager_limits as Partial<WagerLimits>) },
    Caps: { CreditLimit: capOf(r.credit_cap), MaxWager: capOf(r.wager_cap) },
    Approved: { CreditLimit: r.credit_limit_approved, MaxWager: r.max_wager_approved },
    Pending: pending,
  };
}

/** The player's own limits, as a request and the audit rows carry them. */
function askedOf(l: PlayerLimits | LimitsTo): AskedLimits {
  return 'creditLimit' in l
    ? {
        CreditLimit: l.creditLimit,
        TempCredit: l.tempCredit,
        TempCreditUntil: iso(l.tempCreditUntil),
        MaxWager: l.maxWager,
        Limits: l.wagerLimits,
      }
    : {
        CreditLimit: l.CreditLimit,
        TempCredit: l.TempCredit,
        TempCreditUntil: l.TempCreditUntil,
        MaxWager: l.MaxWager,
        Limits: l.Limits,
      };
}

/** The limits asked, checked for what no cap decides: temporary credit needs a future expiry. */
function limitsTo(req: Omit<SetLimits, 'idPlayer'>, at: Date): LimitsTo {
  const until = req.tempCreditUntil === undefined ? null : new Date(req.tempCreditUntil);
  if (req.tempCredit > 0 && (until === null || until <= at))
    throw new ValidationError('temp_credit_expiry', { field: 'tempCreditUntil' });
  return {
    creditLimit: req.creditLimit,
    tempCredit: req.tempCredit,
    tempCreditUntil: req.tempCredit > 0 ? until : null,
    maxWager: req.maxWager,
    wagerLimits: req.limits,
  };
}

const fromAsked = (a: AskedLimits): Omit<SetLimits, 'idPlayer'> => ({
  creditLimit: a.CreditLimit,
  tempCredit: a.TempCredit,
  tempCreditUntil: a.TempCreditUntil ?? undefined,
  maxWager: a.MaxWager,
  limits: a.Limits,
});

/** Each amount a cap binds, by field: credit with temporary credit, every wager maximum. */
function cappedAmounts(to: LimitsTo): { field: CappedField; amount: number }[] {
  const all = (field: CappedField, values: Record<string, number | null | undefined>) =>
    Object.values(values).map((amount) => ({ field, amount: amount ?? 0 }));
  return [
    { field: 'creditLimit' as const, amount: to.creditLimit + to.tempCredit },
    { field: 'maxWager' as const, amount: to.maxWager },
    ...all('limits.MaxByType', to.wagerLimits.MaxByType),
    ...all('limits.MaxBySport', to.wagerLimits.MaxBySport),
  ].filter((a) => a.amount > 0);
}

type Passed = CapPassed & { holder: repo.CapHolderDbRow };

/**
 * The caps of `holders` the limits pass, one per field and agent with the most asked, in the
 * order of the fields; an amount within the player's own approved ceiling passes none.
 */
function capsPassed(
  holders: readonly repo.CapHolderDbRow[],
  to: LimitsTo,
  player: Pick<repo.LimitsDbRow, 'currency' | 'credit_limit_approved' | 'max_wager_approved'>,
  fx: Converter,
): Passed[] {
  const passed = new Map<string, Passed>();
  for (const { field, amount } of cappedAmounts(to)) {
    const credit = field === 'creditLimit';
    const ceiling = credit ? player.credit_limit_approved : player.max_wager_approved;
    if (ceiling !== null && amount <= ceiling) continue;
    for (const holder of holders) {
      const cap = credit ? holder.credit_limit_cap : holder.max_wager_cap;
      if (cap === null) continue;
      const over =
        holder.currency === player.currency
          ? amount > cap
          : fx.convert(amount, player.currency) > fx.convert(cap, holder.currency);
      const key = `${field}:${holder.id}`;
      if (over && amount > (passed.get(key)?.Asked ?? 0))
        passed.set(key, {
          Field: field,
          Agent: holder.login,
          Cap: cap,
          Asked: amount,
          Currency: holder.currency,
          holder,
        });
    }
  }
  return [...passed.values()];
}

/** A player's limits under its row lock, and the agents above it with the caps they set. */
async function lockedWithCaps(tx: Executor, playerId: number) {
  const before = (await repo.selectLimits(tx, playerId, true))!;
  return { before, holders: await repo.selectCapHolders(tx, before.agent_id) };
}

/** The player as if it had no ceiling of its own: every cap its limits pass. */
const withoutCeilings = (p: repo.LimitsDbRow): repo.LimitsDbRow => ({
  ...p,
  credit_limit_approved: null,
  max_wager_approved: null,
});

/**
 * The refusal of limits over a cap: the first field's cap nearest the player, which is its tightest
 * (a cap lowered reaches every agent below, so caps nest down the tree).
 */
function overCap(passed: readonly Passed[]): ConflictError {
  const field = passed[0]!.Field;
  const nearest = passed
    .filter((p) => p.Field === field)
    .reduce((a, b) => (b.holder.depth < a.holder.depth ? b : a));
  return new ConflictError('over_agent_cap', {
    field,
    agent: nearest.Agent,
    cap: nearest.Cap,
  });
}

/** The words of a notification about a request, in the reader's language. */
function noticeWords(
  language: string,
  n:
    | { kind: 'filed'; by: string; player: string; agent: string; reason: string }
    | { kind: 'approved' | 'refused'; by: string; player: string; note: string | null },
): { title: string; body: string } {
  const es = langOf(language) === 'es';
  if (n.kind === 'filed')
    return es
      ? {
          title: `Límites sobre el tope: ${n.player}`,
          body:
            `${n.by} pide para ${n.player} límites sobre el tope del agente ${n.agent}. ` +
            `Motivo: ${n.reason}. Decídalo en Agentes › Pedidos de límites.`,
        }
      : {
          title: `Limits above a cap: ${n.player}`,
          body:
            `${n.by} asks for limits of ${n.player} above the cap of agent ${n.agent}. ` +
            `Reason: ${n.reason}. Decide it under Agents › Limit requests.`,
        };
  const note = n.note ? (es ? ` Nota: ${n.note}` : ` Note: ${n.note}`) : '';
  if (n.kind === 'approved')
    return es
      ? {
          title: `Aprobado: límites de ${n.player}`,
          body: `${n.by} aprobó los límites pedidos; ya rigen.${note}`,
        }
      : {
          title: `Approved: limits of ${n.player}`,
          body: `${n.by} approved the limits asked; they are in force.${note}`,
        };
  return es
    ? {
        title: `Rechazado: límites de ${n.player}`,
        body: `${n.by} rechazó los límites pedidos; siguen los de antes.${note}`,
      }
    : {
        title: `Refused: limits of ${n.player}`,
        body: `${n.by} refused the limits asked; the player's stay as they were.${note}`,
      };
}

/** A request's step on the player's history: filed, approved or refused, by whom, from where. */
function auditRequest(
  tx: Executor,
  auth: AgentAuth,
  caller: Caller,
  playerId: number,
  step: 'filed' | 'approved' | 'refused',
  details: Record<string, unknown>,
): Promise<void> {
  return auditAgent(tx, auth, {
    action: `limit_request.${step}`,
    targetKind: 'player',
    targetId: playerId,
    address: caller.address,
    requestId: caller.requestId,
    details: { actingFor: auth.agentId, ...details },
  });
}

function requestOf(r: requestsRepo.LimitRequestDbRow, auth: AgentAuth): LimitRequest {
  const status = r.status as LimitRequestStatus;
  return {
    IdRequest: r.id,
    IdPlayer: r.player_id,
    Player: r.player,
    PlayerName: r.player_name,
    Agent: r.agent,
    Currency: r.currency,
    Status: status,
    Asked: parsed<AskedLimits>(r.asked as AskedLimits | string),
    Before: parsed<AskedLimits>(r.before as AskedLimits | string),
    Passed: parsed<CapPassed[]>(r.passed as CapPassed[] | string),
    Approver: r.approver,
    RequestedBy: r.requested_by,
    Reason: r.reason,
    CreatedAt: iso(r.created_at)!,
    DecidedBy: r.decided_by,
    DecidedAt: iso(r.decided_at),
    Note: r.note,
    CanDecide: status === 'pending' && r.decidable && auth.rights.has('manageAgents'),
  };
}

export function createPlayerLimitsService(
  deps: Pick<ReportDeps, 'db' | 'now' | 'currency'> & { outbox?: ReportDeps['outbox'] },
) {
  const { db, now } = deps;

  async function pendingOf(ex: Executor, playerId: number): Promise<PlayerLimits['Pending']> {
    const row = await requestsRepo.selectPending(ex, playerId);
    return row
      ? { IdRequest: row.id, Approver: row.approver, CreatedAt: iso(row.created_at)! }
      : null;
  }

  async function readLimits(ex: Executor, playerId: number): Promise<PlayerLimits> {
    // One after another: `ex` may be a transaction, one connection running one query at a time.
    const row = await repo.selectLimits(ex, playerId);
    return limitsOf(row!, await pendingOf(ex, playerId));
  }

  async function limits(
    auth: AgentAuth,
    req: ParsedBodyOf<typeof api.getPlayerLimits>,
  ): Promise<PlayerLimits> {
    const player = await playerInScope(db, auth, req.idPlayer);
    return readLimits(db, player.id);
  }

  /**
   * Writes a player's limits (and new ceilings, on an approval) under its row lock, with the audit
   * row of what its own limits were and are, and the webhook.
   */
  async function apply(
    tx: Executor,
    auth: AgentAuth,
    caller: Caller,
    before: repo.LimitsDbRow,
    to: LimitsTo,
    at: Date,
    approved: { creditLimit: number | null; maxWager: number | null },
  ): Promise<PlayerLimits> {
    await repo.updateLimits(tx, before.id, { ...to, approved });
    const pending = await pendingOf(tx, before.id);
    const result = limitsOf((await repo.selectLimits(tx, before.id))!, pending);
    // What the player's own limits were and are; the caps above are not the player's.
    const own = ({ Caps: _caps, Pending: _pending, ...shown }: PlayerLimits) => shown;
    await recordPlayerChange(tx, deps.outbox, auth, caller, {
      action: 'player.limits',
      playerId: before.id,
      was: own(limitsOf(before, null)),
      is: own(result),
      at,
      webhook: 'player.limits_changed',
    });
    return result;
  }

  /**
   * The limits asked for a player of the caller's, against the caps of every agent above it: `use`
   * runs under the player's row lock, with the row before and the caps the limits pass.
   */
  async function againstCaps<T>(
    auth: AgentAuth,
    req: SetLimits,
    use: (
      tx: Executor,
      asked: {
        at: Date;
        to: LimitsTo;
        fx: Converter;
        before: repo.LimitsDbRow;
        holders: repo.CapHolderDbRow[];
        passed: Passed[];
      },
    ) => Promise<T>,
  ): Promise<T> {
    const player = await playerInScope(db, auth, req.idPlayer);
    const at = now();
    const to = limitsTo(req, at);
    const fx = await deps.currency.toSiteCurrency(auth);
    return db.transaction(async (tx) => {
      const { before, holders } = await lockedWithCaps(tx, player.id);
      return use(tx, { at, to, fx, before, holders, passed: capsPassed(holders, to, before, fx) });
    });
  }

  /** Sets a player's limits within the caps of every agent above (and its approved ceilings). */
  function setLimits(auth: AgentAuth, req: SetLimits, caller: Caller): Promise<PlayerLimits> {
    return againstCaps(auth, req, async (tx, { at, to, fx, before, holders, passed }) => {
      if (passed.length > 0) throw overCap(passed);
      // A ceiling stays while the limits still stand on it; limits back within the caps end it.
      const standing = capsPassed(holders, to, withoutCeilings(before), fx);
      const uses = (credit: boolean) =>
        standing.some((p) => (p.Field === 'creditLimit') === credit);
      return apply(tx, auth, caller, before, to, at, {
        creditLimit: uses(true) ? before.credit_limit_approved : null,
        maxWager: uses(false) ? before.max_wager_approved : null,
      });
    });
  }

  async function notify(
    tx: Executor,
    auth: AgentAuth,
    agentId: number,
    words: Parameters<typeof noticeWords>[1],
  ): Promise<void> {
    const language = await requestsRepo.selectAgentLanguage(tx, agentId);
    await requestsRepo.insertNotice(tx, {
      siteId: auth.siteId,
      agentId,
      from: auth.selfAgentId,
      ...noticeWords(language, words),
    });
  }

  /** Approves or refuses a pending request the caller may decide, under its row lock. */
  async function decideIn(
    tx: Executor,
    auth: AgentAuth,
    caller: Caller,
    row: requestsRepo.LimitRequestDbRow,
    decision: 'approve' | 'refuse',
    note: string | null,
    fx: Converter,
  ): Promise<void> {
    const at = now();
    const status = decision === 'approve' ? 'approved' : 'refused';
    if (decision === 'approve') {
      const asked = parsed<AskedLimits>(row.asked as AskedLimits | string);
      const to = limitsTo(fromAsked(asked), at);
      const { before, holders } = await lockedWithCaps(tx, row.player_id);
      // The decider is the approver or above it, so above the player: its own caps, and those
      // above it, still bind; it approves only within them.
      const decider = holders.find((h) => h.id === auth.agentId)!;
      const binding = holders.filter((h) => h.depth >= decider.depth);
      const above = capsPassed(binding, to, before, fx);
      if (above.length > 0) throw overCap(above);
      // Every cap passed, whatever ceiling the player had: the new ceilings are what was asked.
      const passed = capsPassed(holders, to, withoutCeilings(before), fx);
      const most = (credit: boolean) => {
        const asked = passed.filter((p) => (p.Field === 'creditLimit') === credit);
        return asked.length ? Math.max(...asked.map((p) => p.Asked)) : null;
      };
      await apply(tx, auth, caller, before, to, at, {
        creditLimit: most(true),
        maxWager: most(false),
      });
    }
    await requestsRepo.decideRequest(tx, { id: row.id, status, by: auth.selfAgentId, at, note });
    await auditRequest(tx, auth, caller, row.player_id, status, { request: row.id, note });
  }

  async function readRequest(ex: Executor, auth: AgentAuth, id: number) {
    const row = await requestsRepo.selectRequest(ex, {
      siteId: auth.siteId,
      id,
      viewer: auth.agentId,
    });
    return requestOf(row!, auth);
  }

  /**
   * Files a request for limits above a cap, replacing the player's pending one. The parent of the
   * highest agent whose cap they pass decides; a caller who is that agent or above it, with the
   * right to manage agents, has decided by asking.
   */
  function requestLimits(
    auth: AgentAuth,
    req: ParsedBodyOf<typeof api.requestPlayerLimits>,
    caller: Caller,
  ): Promise<LimitRequest> {
    return againstCaps(auth, req, async (tx, { at, to, fx, before, passed }) => {
      if (passed.length === 0) throw new ConflictError('limits_within_caps');
      const highest = passed.reduce((a, b) => (b.holder.depth > a.holder.depth ? b : a)).holder;
      if (highest.parent_id === null)
        throw new ConflictError('no_agent_above_cap', { agent: highest.login });
      await requestsRepo.replacePending(tx, { playerId: before.id, by: auth.selfAgentId, at });
      const id = await requestsRepo.insertRequest(tx, {
        siteId: auth.siteId,
        playerId: before.id,
        approverId: highest.parent_id,
        requestedBy: auth.selfAgentId,
        asked: askedOf(to),
        before: askedOf(limitsOf(before, null)),
        passed: passed.map(({ holder: _holder, ...p }) => p),
        reason: req.reason,
        at,
      });
      await auditRequest(tx, auth, caller, before.id, 'filed', {
        request: id,
        reason: req.reason,
        before: askedOf(limitsOf(before, null)),
        after: askedOf(to),
      });
      const row = (await requestsRepo.selectRequest(
        tx,
        { siteId: auth.siteId, id, viewer: auth.agentId },
        true,
      ))!;
      if (row.decidable && auth.rights.has('manageAgents')) {
        await decideIn(tx, auth, caller, row, 'approve', null, fx);
      } else {
        await notify(tx, auth, highest.parent_id, {
          kind: 'filed',
          by: await entrantOf(tx, auth),
          player: before.login,
          agent: highest.login,
          reason: req.reason,
        });
      }
      return readRequest(tx, auth, id);
    });
  }

  async function decide(
    auth: AgentAuth,
    req: ParsedBodyOf<typeof api.decideLimitRequest>,
    caller: Caller,
  ): Promise<LimitRequest> {
    const fx = await deps.currency.toSiteCurrency(auth);
    return db.transaction(async (tx) => {
      const row = await requestsRepo.selectRequest(
        tx,
        { siteId: auth.siteId, id: req.idRequest, viewer: auth.agentId },
        true,
      );
      if (!row) throw new NotFoundError('limit_request_not_found', { request: req.idRequest });
      if (!row.decidable) {
        // Seen by the agents of its player, decided above them; to anyone else it is not there.
        await playerInScope(tx, auth, row.player_id).catch(() => {
          throw new NotFoundError('limit_request_not_found', { request: req.idRequest });
        });
        throw new ForbiddenError('limit_request_above', { agent: row.approver });
      }
      if (row.status !== 'pending') throw new ConflictError('limit_request_decided');
      const note = req.note === undefined || req.note === '' ? null : req.note;
      await decideIn(tx, auth, caller, row, req.decision, note, fx);
      if (row.requested_by_id !== auth.selfAgentId)
        await notify(tx, auth, row.requested_by_id, {
          kind: req.decision === 'approve' ? 'approved' : 'refused',
          by: await entrantOf(tx, auth),
          player: row.player,
          note,
        });
      return readRequest(tx, auth, row.id);
    });
  }

  async function requests(
    auth: AgentAuth,
    req: ParsedBodyOf<typeof api.getLimitRequests>,
  ): Promise<{ Rows: LimitRequest[]; TotalRows: number; Page: number; PageSize: number }> {
    if (req.idPlayer !== undefined) await playerInScope(db, auth, req.idPlayer);
    const q: requestsRepo.RequestsQuery = {
      siteId: auth.siteId,
      viewer: auth.agentId,
      box: req.box,
      pending: req.status === 'pending',
      playerId: req.idPlayer,
    };
    const [rows, total] = await Promise.all([
      requestsRepo.selectRequestsPage(db, q, {
        limit: req.pageSize,
        offset: (req.page - 1) * req.pageSize,
      }),
      requestsRepo.countRequests(db, q),
    ]);
    return {
      Rows: rows.map((r) => requestOf(r, auth)),
      TotalRows: total,
      Page: req.page,
      PageSize: req.pageSize,
    };
  }

  return { limits, setLimits, requestLimits, decide, requests };
}

export type PlayerLimitsService = ReturnType<typeof createPlayerLimitsService>;
