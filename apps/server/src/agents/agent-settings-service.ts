// What a parent sets for a sub-agent: rights within its own and the parent's, caps within the caps
// above, its new players' limits within those caps, and the products its subtree may offer. A
// right taken away or a cap lowered reaches every agent below, in the same transaction.
import {
  BOOK_PRODUCTS,
  NO_WAGER_LIMITS,
  PlayerDefaults,
  RIGHTS,
  type AgentSettings,
  type api,
  type BookProduct,
  type ParsedBodyOf,
} from '@backline/contract';
import type { AgentAuth } from '../auth/auth-context.ts';
import type { Db } from '../db/query.ts';
import { ForbiddenError, ValidationError } from '../errors.ts';
import { auditAgent, type Caller } from '../security/audit-repository.ts';
import { rightsProblem } from './agent-closure.ts';
import { agentInScope } from './scope.ts';
import * as repo from './agent-settings-repository.ts';

const num = (v: number | string | null) => (v === null ? null : Number(v));

/** An agent's new players' limits as stored ({} before any were set), every field filled. */
export function playerDefaultsOf(raw: Record<string, unknown> | string): PlayerDefaults {
  const stored = typeof raw === 'string' ? (JSON.parse(raw) as Record<string, unknown>) : raw;
  const parsed = PlayerDefaults.safeParse(stored);
  return parsed.success
    ? parsed.data
    : { CreditLimit: 0, MaxWager: 0, Limits: { ...NO_WAGER_LIMITS } };
}

function settingsOf(r: repo.AgentSettingsDbRow, auth: AgentAuth): AgentSettings {
  return {
    IdAgent: r.id,
    Agent: r.login,
    Name: r.name,
    Currency: r.currency,
    Rights: RIGHTS.filter((x) => r.rights.includes(x)),
    // What the caller may give: the parent's rights it holds itself; view-only is always a choice.
    Grantable: RIGHTS.filter(
      (x) => x === 'viewOnly' || ((r.parent_rights ?? []).includes(x) && auth.rights.has(x)),
    ),
    CreditLimitCap: num(r.credit_limit_cap),
    MaxWagerCap: num(r.max_wager_cap),
    CapsAbove: { CreditLimit: num(r.credit_cap_above), MaxWager: num(r.wager_cap_above) },
    ProductsOff: BOOK_PRODUCTS.filter((p) => r.products_off.includes(p)),
    PlayerDefaults: playerDefaultsOf(r.player_defaults),
  };
}

/** The tighter of two caps, null being none. */
const tighter = (a: number | null, b: number | null) =>
  a === null ? b : b === null ? a : Math.min(a, b);

export function createAgentSettingsService({ db }: { db: Db }) {
  /** A sub-agent strictly below the caller: an agent's own settings are its parent's to set. */
  async function subAgent(auth: AgentAuth, idAgent: number) {
    const agent = await agentInScope(db, auth, idAgent);
    if (agent.id === auth.agentId) throw new ForbiddenError('own_settings_by_parent');
    return agent;
  }

  async function settings(auth: AgentAuth, req: { idAgent: number }): Promise<AgentSettings> {
    const agent = await subAgent(auth, req.idAgent);
    return settingsOf((await repo.selectAgentSettings(db, agent.id))!, auth);
  }

  async function setSettings(
    auth: AgentAuth,
    req: ParsedBodyOf<typeof api.setAgentSettings>,
    caller: Caller,
  ): Promise<AgentSettings> {
    const agent = await subAgent(auth, req.idAgent);
    return db.transaction(async (tx) => {
      const before = (await repo.selectAgentSettings(tx, agent.id, true))!;
      const was = settingsOf(before, auth);
      const rights = RIGHTS.filter((r) => req.rights.includes(r));
      const beyond = rights.find((r) => !was.Grantable.includes(r) && !was.Rights.includes(r));
      if (beyond) throw new ValidationError('right_beyond_own', { right: beyond });
      const problem = rightsProblem(before.parent_rights, rights);
      if (problem) throw new ValidationError(...problem);
      const above = was.CapsAbove;
      for (const [field, cap, bound] of [
        ['creditLimitCap', req.creditLimitCap, above.CreditLimit],
        ['maxWagerCap', req.maxWagerCap, above.MaxWager],
      ] as const) {
        if (cap !== null && bound !== null && cap > bound)
          throw new ValidationError('cap_above_parent', { field, cap: bound });
      }
      // New players' limits stay within the caps they will be checked against.
      const creditCap = tighter(req.creditLimitCap, above.CreditLimit);
      const wagerCap = tighter(req.maxWagerCap, above.MaxWager);
      const d = req.playerDefaults;
      const within = (field: string, amount: number | null | undefined, cap: number | null) => {
        if (cap !== null && amount && amount > cap)
          throw new ValidationError('over_agent_cap', { field, agent: agent.login, cap });
      };
      within('playerDefaults.CreditLimit', d.CreditLimit, creditCap);
      within('playerDefaults.MaxWager', d.MaxWager, wagerCap);
      for (const max of Object.values(d.Limits.MaxByType))
        within('playerDefaults.Limits.MaxByType', max, wagerCap);
      for (const max of Object.values(d.Limits.MaxBySport))
        within('playerDefaults.Limits.MaxBySport', max, wagerCap);
      const productsOff: BookProduct[] = BOOK_PRODUCTS.filter((p) => req.productsOff.includes(p));
      await repo.updateAgentSettings(tx, agent.id, {
        rights,
        creditLimitCap: req.creditLimitCap,
        maxWagerCap: req.maxWagerCap,
        productsOff,
        playerDefaults: d,
      });
      const narrowed = await repo.narrowSubtree(tx, agent.id, {
        rights,
        creditLimitCap: req.creditLimitCap,
        maxWagerCap: req.maxWagerCap,
      });
      const now = settingsOf((await repo.selectAgentSettings(tx, agent.id))!, auth);
      const shown = (s: AgentSettings) => ({
        Rights: s.Rights,
        CreditLimitCap: s.CreditLimitCap,
        MaxWagerCap: s.MaxWagerCap,
        ProductsOff: s.ProductsOff,
        PlayerDefaults: s.PlayerDefaults,
      });
      if (JSON.stringify(shown(was)) !== JSON.stringify(shown(now)))
        await auditAgent(tx, auth, {
          action: 'agent.settings',
          targetKind: 'agent',
          targetId: agent.id,
          address: caller.address,
          requestId: caller.requestId,
          details: { actingFor: auth.agentId, before: shown(was), after: shown(now), narrowed },
        });
      return now;
    });
  }

  return { settings, setSettings };
}

export type AgentSettingsService = ReturnType<typeof createAgentSettingsService>;
