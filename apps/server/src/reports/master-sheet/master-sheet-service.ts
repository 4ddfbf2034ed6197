// The master sheet and the deals behind it (decision 033): an open week computed from the same
// rollups as the weekly balance, chained from the last closed week; a week past its cut-off frozen
// once for every agent of the site and read from there ever after.
import {
  addDays,
  instantAt,
  localDate,
  mondayOf,
  type AgentDeal,
  type api,
  type DealTerms,
  type DealVersion,
  type MasterSheetResponse,
  type ParsedBodyOf,
  type SheetCutoff,
  type SheetFigures,
  type SheetRow,
} from '@backline/contract';
import type { AgentAuth } from '../../auth/auth-context.ts';
import { entrantOf } from '../../agents/entrant.ts';
import { agentInScope } from '../../agents/scope.ts';
import type { Converter } from '../../currency/currency-service.ts';
import type { Executor } from '../../db/query.ts';
import { ConflictError, ForbiddenError, ValidationError } from '../../errors.ts';
import { auditAgent, type Caller } from '../../security/audit-repository.ts';
import type { ReportDeps } from '../report-module.ts';
import * as repo from './master-sheet-repository.ts';
import {
  dealOf,
  NO_MAKEUP,
  NO_PRODUCTS,
  PRODUCTS,
  settleWeek,
  sheetTotals,
  termsOf,
  type ByGroup,
  type ByProduct,
  type Deal,
} from './settle-math.ts';

/** Players' figures by product in each currency, native minor units. */
type ByCurrency = Record<string, ByProduct>;

/** What a week hands the next: a row's make-up after, balance forward and cumulative figures. */
interface Carried {
  makeupAfter: ByGroup;
  balanceForward: number;
  cumulative: ByCurrency;
}

/** A row as frozen at a close: the figures with the deal and status (names are read live). */
type FrozenRow = SheetFigures & Pick<SheetRow, 'Deal' | 'Status'>;

interface Computed {
  row: FrozenRow;
  carried: Carried;
}

/** The longest open chain a read walks: a site whose weeks never closed is closed first. */
const MAX_OPEN_WEEKS = 520;

export function closesAt(week: string, site: repo.SheetSiteDbRow): Date {
  return instantAt(addDays(week, 6 + site.cutoff_day), site.cutoff_minute, site.time_zone);
}

function dealFromRow(r: repo.DealDbRow): Deal {
  return {
    kind: r.kind as Deal['kind'],
    percentBps: r.percent_bps,
    casinoBps: r.casino_bps,
    horsesBps: r.horses_bps,
    redFigure: r.red_figure,
    headFee: r.head_fee,
  };
}

const versionOf = (r: repo.DealDbRow): DealVersion => ({
  ...termsOf(dealFromRow(r)),
  FromWeek: r.from_week,
  SetBy: r.set_by,
  SetAt: r.set_at,
});

function carriedOf(frozen: repo.FrozenRowDbRow): Carried {
  const row = frozen.row as FrozenRow;
  return {
    makeupAfter: {
      sports: row.MakeupAfter.Sports,
      casino: row.MakeupAfter.Casino,
      horses: row.MakeupAfter.Horses,
    },
    balanceForward: row.BalanceForward,
    cumulative: frozen.cumulative as ByCurrency,
  };
}

const START: Carried = { makeupAfter: NO_MAKEUP, balanceForward: 0, cumulative: {} };

/** A site's sheet settings and last closed week, once the weeks due are closed. */
interface Closes {
  site: repo.SheetSiteDbRow;
  last: string | null;
  closed: string[];
}

export function createMasterSheetService(deps: Pick<ReportDeps, 'db' | 'now' | 'currency'>) {
  const { db, now } = deps;

  /**
   * Every row of `agents` for `week`, from what the week before handed on (`before`; absent: the
   * start of the chain), read live: the subtree's rollups, its bettors, the payments, the deal.
   */
  async function computeWeek(
    ex: Executor,
    site: repo.SheetSiteDbRow,
    fx: Converter,
    agents: readonly number[],
    week: string,
    before: Map<number, Carried> | null,
  ): Promise<Map<number, Computed>> {
    const out = new Map<number, Computed>();
    if (agents.length === 0) return out;
    const from = before ? closesAt(addDays(week, -7), site) : null;
    // One after another: inside a close they share the transaction's one connection.
    const figures = await repo.selectSubtreeWeeks(ex, agents, week);
    const bettors = await repo.selectActivePlayers(ex, agents, week);
    const paid = await repo.selectPaid(ex, agents, from, closesAt(week, site));
    const deals = await repo.selectDealsInForce(ex, agents, week);
    const figuresOf = Map.groupBy(figures, (f) => f.agent_id);
    const bettorsOf = new Map(bettors.map((b) => [b.agent_id, b.n]));
    const paidOf = Map.groupBy(paid, (p) => p.agent_id);
    const dealOfAgent = new Map(deals.map((d) => [d.agent_id, dealFromRow(d)]));
    for (const id of agents) {
      const prev = before?.get(id) ?? START;
      const net: ByProduct = { ...NO_PRODUCTS };
      const late: ByProduct = { ...NO_PRODUCTS };
      const cumulative: ByCurrency = {};
      const currencies = new Set([
        ...Object.keys(prev.cumulative),
        ...(figuresOf.get(id) ?? []).map((f) => f.currency),
      ]);
      for (const currency of currencies) {
        const f = figuresOf.get(id)?.find((x) => x.currency === currency);
        const week: ByProduct = f
          ? { sports: f.sports, casino: f.casino, horses: f.horses, rbl: f.rbl }
          : { ...NO_PRODUCTS };
        const through: ByProduct = f
          ? { sports: f.cum_sports, casino: f.cum_casino, horses: f.cum_horses, rbl: f.cum_rbl }
          : { ...NO_PRODUCTS };
        const frozen = prev.cumulative[currency] ?? NO_PRODUCTS;
        for (const p of PRODUCTS) {
          net[p] += fx.convert(week[p], currency);
          // What the weeks before this one hold now, less what they held when last handed on.
          late[p] += fx.convert(through[p] - week[p] - frozen[p], currency);
        }
        cumulative[currency] = through;
      }
      const paidHere = (paidOf.get(id) ?? []).reduce(
        (sum, p) => sum + fx.convert(p.amount, p.currency),
        0,
      );
      const deal = dealOfAgent.get(id) ?? null;
      const result = settleWeek({
        deal,
        net,
        late,
        makeupBefore: prev.makeupAfter,
        activePlayers: bettorsOf.get(id) ?? 0,
        broughtForward: prev.balanceForward,
        paid: paidHere,
      });
      const { status, makeupAfter, ...figuresOfRow } = result;
      out.set(id, {
        row: { ...figuresOfRow, Deal: deal && termsOf(deal), Status: status },
        carried: { makeupAfter, balanceForward: result.BalanceForward, cumulative },
      });
    }
    return out;
  }

  /** The week the site's chain starts at: its first week with a figure (null: none yet). */
  async function chainStart(ex: Executor, siteId: number): Promise<string | null> {
    const day = await repo.selectFirstFigureDay(ex, siteId);
    return day && mondayOf(day);
  }

  /**
   * Freezes every week of the site whose cut-off has passed and is not frozen yet, in order, each
   * for every agent below the master, in one transaction. Answers the site's sheet settings, its
   * last closed week after that, and the weeks it closed.
   */
  async function closeDue(siteId: number): Promise<Closes> {
    const at = now();
    // Nothing due (nearly every read): answered without a transaction or a lock.
    const site = await repo.selectSheetSite(db, siteId);
    const last = await repo.selectLastClosedWeek(db, siteId);
    const next = last ? addDays(last, 7) : await chainStart(db, siteId);
    if (!next || closesAt(next, site) > at) return { site, last, closed: [] };
    // Read before the transaction: on PGlite a read beside an open transaction waits for it.
    const fx = await deps.currency.converterOf(siteId, site.currency);
    const closes = await db.transaction(async (tx) => {
      const ex = tx as unknown as Executor;
      await repo.lockSheetCloses(ex, siteId);
      // Again under the lock: another request may have closed them meanwhile.
      const closedLast = await repo.selectLastClosedWeek(ex, siteId);
      let week = closedLast ? addDays(closedLast, 7) : await chainStart(ex, siteId);
      if (!week || closesAt(week, site) > at) return { last: closedLast, closed: [] };
      const agents = await repo.selectSheetAgents(ex, siteId, null);
      const ids = agents.map((a) => a.id);
      let before: Map<number, Carried> | null = closedLast
        ? new Map(
            (await repo.selectFrozenRows(ex, ids, closedLast)).map((f) => [
              f.agent_id,
              carriedOf(f),
            ]),
          )
        : null;
      const closed: string[] = [];
      for (let n = 0; closesAt(week, site) <= at && n < MAX_OPEN_WEEKS; n++) {
        const computed = await computeWeek(ex, site, fx, ids, week, before);
        await repo.insertClose(ex, {
          siteId,
          week,
          closedAt: at,
          rows: agents.map((a) => ({
            agentId: a.id,
            parentId: a.parent_id,
            row: computed.get(a.id)!.row,
            cumulative: computed.get(a.id)!.carried.cumulative,
          })),
        });
        before = new Map([...computed].map(([id, c]) => [id, c.carried]));
        closed.push(week);
        week = addDays(week, 7);
      }
      return { last: closed.at(-1) ?? closedLast, closed };
    });
    return { site, ...closes };
  }

  const closeDueWeeks = async (siteId: number) => (await closeDue(siteId)).closed;

  /** The rows of `ids` for `week`: frozen when the week is closed, else live from the last close. */
  async function rowsOf(
    siteId: number,
    { site, last }: Closes,
    ids: readonly number[],
    week: string,
  ): Promise<{ rows: Map<number, FrozenRow>; closed: boolean }> {
    if (last && week <= last) {
      const frozen = await repo.selectFrozenRows(db, ids, week);
      return {
        rows: new Map(frozen.map((f) => [f.agent_id, f.row as FrozenRow])),
        closed: true,
      };
    }
    const fx = await deps.currency.converterOf(siteId, site.currency);
    let start = last ? addDays(last, 7) : ((await chainStart(db, siteId)) ?? week);
    if (start > week) start = week;
    let before: Map<number, Carried> | null = last
      ? new Map((await repo.selectFrozenRows(db, ids, last)).map((f) => [f.agent_id, carriedOf(f)]))
      : null;
    let computed = new Map<number, Computed>();
    for (let w = start, n = 0; w <= week && n < MAX_OPEN_WEEKS; w = addDays(w, 7), n++) {
      computed = await computeWeek(db, site, fx, ids, w, before);
      before = new Map([...computed].map(([id, c]) => [id, c.carried]));
    }
    return { rows: new Map([...computed].map(([id, c]) => [id, c.row])), closed: false };
  }

  /** The first week a deal may still start in: the one after the last closed. */
  async function firstOpenWeek(siteId: number, last: string | null, today: string) {
    if (last) return addDays(last, 7);
    return (await chainStart(db, siteId)) ?? mondayOf(today);
  }

  async function masterSheet(
    auth: AgentAuth,
    req: ParsedBodyOf<typeof api.getMasterSheet>,
  ): Promise<MasterSheetResponse> {
    const agent = await agentInScope(db, auth, req.idAgent);
    const closes = await closeDue(auth.siteId);
    const { site } = closes;
    const today = localDate(now(), site.time_zone);
    const week = mondayOf(req.week ?? addDays(today, -7));
    // Next week at the latest: what it starts from; a later one has nothing to show.
    const latest = addDays(mondayOf(today), 7);
    if (week > latest) throw new ValidationError('sheet_week_ahead', { week, latest });
    const self = await repo.selectDealAgent(db, agent.id);
    const children = (await repo.selectChildIds(db, agent.id)).map((c) => c.id);
    const ids = self.parent_id === null ? children : [...children, agent.id];
    const { rows, closed } = await rowsOf(auth.siteId, closes, ids, week);
    const listed = await repo.selectSheetAgents(db, auth.siteId, [...rows.keys()]);
    const rowOf = (a: repo.SheetAgentDbRow): SheetRow => ({
      IdAgent: a.id,
      Agent: a.login,
      Name: a.name,
      HasSubAgents: a.has_sub_agents,
      ...rows.get(a.id)!,
    });
    const sheetRows = listed.filter((a) => a.id !== agent.id).map(rowOf);
    const own = listed.find((a) => a.id === agent.id);
    return {
      IdAgent: agent.id,
      Agent: agent.login,
      Currency: site.currency,
      StartDate: week,
      EndDate: addDays(week, 6),
      Closed: closed,
      ClosesAt: closesAt(week, site).toISOString(),
      Own: own ? rowOf(own) : null,
      Rows: sheetRows,
      Totals: sheetTotals(sheetRows),
      EmailWeekly: self.sheet_email,
      Cutoff: { Day: site.cutoff_day, Minute: site.cutoff_minute },
    };
  }

  async function agentDeal(auth: AgentAuth, idAgent: number | undefined): Promise<AgentDeal> {
    const agent = await agentInScope(db, auth, idAgent);
    const { site, last } = await closeDue(auth.siteId);
    const today = localDate(now(), site.time_zone);
    const row = await repo.selectDealAgent(db, agent.id);
    const history = (await repo.selectDealHistory(db, agent.id)).map(versionOf);
    const thisWeek = mondayOf(today);
    return {
      IdAgent: row.id,
      Agent: row.login,
      Name: row.name,
      IdParent: row.parent_id,
      Current: history.find((v) => v.FromWeek <= thisWeek) ?? null,
      History: history,
      Defaults: row.deal_defaults as DealTerms | null,
      FirstOpenWeek: await firstOpenWeek(auth.siteId, last, today),
      CanSet:
        row.parent_id === auth.agentId &&
        auth.rights.has('manageAgents') &&
        !auth.rights.has('viewOnly'),
    };
  }

  /** A change by the signed-in agent and its audit row, in one transaction. */
  async function audited(
    auth: AgentAuth,
    change: (ex: Executor) => Promise<unknown>,
    entry: Parameters<typeof auditAgent>[2],
  ): Promise<void> {
    await db.transaction(async (tx) => {
      const ex = tx as unknown as Executor;
      await change(ex);
      await auditAgent(ex, auth, entry);
    });
  }

  async function setAgentDeal(
    auth: AgentAuth,
    req: ParsedBodyOf<typeof api.setAgentDeal>,
    caller: Caller,
  ): Promise<AgentDeal> {
    const agent = await agentInScope(db, auth, req.idAgent);
    const target = await repo.selectDealAgent(db, agent.id);
    if (target.parent_id === null) throw new ConflictError('master_has_no_deal');
    if (target.parent_id !== auth.agentId)
      throw new ForbiddenError('deal_by_parent', { agent: target.login });
    const { site, last } = await closeDue(auth.siteId);
    const first = await firstOpenWeek(auth.siteId, last, localDate(now(), site.time_zone));
    const week = mondayOf(req.fromWeek);
    if (week < first) throw new ConflictError('deal_week_closed', { week, first });
    const deal = dealOf(req.deal);
    const setBy = await entrantOf(db, auth);
    const before = (await repo.selectDealsInForce(db, [target.id], week))[0];
    await audited(
      auth,
      (ex) =>
        repo.insertDeal(ex, {
          site_id: auth.siteId,
          agent_id: target.id,
          from_week: week,
          kind: deal.kind,
          percent_bps: deal.percentBps,
          casino_bps: deal.casinoBps,
          horses_bps: deal.horsesBps,
          red_figure: deal.redFigure,
          head_fee: deal.headFee,
          set_by: setBy,
          set_at: now(),
        }),
      {
        action: 'agent.deal',
        targetKind: 'agent',
        targetId: target.id,
        address: caller.address,
        requestId: caller.requestId,
        details: {
          actingFor: auth.agentId,
          fromWeek: week,
          before: before ? termsOf(dealFromRow(before)) : null,
          after: termsOf(deal),
        },
      },
    );
    return agentDeal(auth, target.id);
  }

  async function setDealDefaults(
    auth: AgentAuth,
    req: ParsedBodyOf<typeof api.setDealDefaults>,
    caller: Caller,
  ): Promise<AgentDeal> {
    const was = await repo.selectDealAgent(db, auth.agentId);
    // Kept as the wire's terms, normalised: what a new sub-agent's deal is copied from.
    const after = req.deal && termsOf(dealOf(req.deal));
    await audited(auth, (ex) => repo.updateDealDefaults(ex, auth.agentId, after), {
      action: 'agent.deal_defaults',
      targetKind: 'agent',
      targetId: auth.agentId,
      address: caller.address,
      requestId: caller.requestId,
      details: { actingFor: auth.agentId, before: was.deal_defaults, after },
    });
    return agentDeal(auth, auth.agentId);
  }

  async function setSheetEmail(auth: AgentAuth, enabled: boolean) {
    await audited(auth, (ex) => repo.updateSheetEmail(ex, auth.agentId, enabled), {
      action: 'agent.sheet_email',
      targetKind: 'agent',
      targetId: auth.agentId,
      at: now(),
      details: { after: { emailWeekly: enabled } },
    });
    return { EmailWeekly: enabled };
  }

  async function setSheetCutoff(
    auth: AgentAuth,
    req: ParsedBodyOf<typeof api.setSheetCutoff>,
    caller: Caller,
  ): Promise<SheetCutoff> {
    const self = await repo.selectDealAgent(db, auth.agentId);
    if (self.parent_id !== null) throw new ForbiddenError('sheet_cutoff_master_only');
    // Weeks already past the old cut-off close under it first: a closed week stays as it was.
    const { site: was } = await closeDue(auth.siteId);
    await audited(
      auth,
      (ex) =>
        repo.updateSheetCutoff(ex, auth.siteId, {
          day: req.cutoff.Day,
          minute: req.cutoff.Minute,
        }),
      {
        action: 'site.sheet_cutoff',
        address: caller.address,
        requestId: caller.requestId,
        details: {
          actingFor: auth.agentId,
          before: { Day: was.cutoff_day, Minute: was.cutoff_minute },
          after: req.cutoff,
        },
      },
    );
    return req.cutoff;
  }

  return {
    masterSheet,
    setSheetCutoff,
    agentDeal,
    setAgentDeal,
    setDealDefaults,
    setSheetEmail,
    closeDueWeeks,
  };
}

export type MasterSheetService = ReturnType<typeof createMasterSheetService>;
