// The one way a player comes to be, whoever asks (an agent on the players list, the platform's
// feed): under an agent of the site, with a free login, in the agent's currency, on the limits the
// agent's new players start on, and never above the caps over that agent.
import type { Executor } from '../db/query.ts';
import { isUniqueViolation } from '../db/db-errors.ts';
import { ConflictError, NotFoundError } from '../errors.ts';
import type { PlayerDefaults } from '@backline/contract';
import { playerDefaultsOf } from '../agents/agent-settings-service.ts';
import * as repo from './new-player-repository.ts';

export interface NewPlayer {
  siteId: number;
  agentId: number;
  login: string;
  name: string;
  email: string | null;
  passwordHash: string | null;
  /** Given by the platform; left out, the agent's default. */
  creditLimit?: number;
  externalId?: string | null;
  createdAt: Date;
}

/** Limits no higher than the caps: each amount above its cap is the cap. */
function withinCaps(d: PlayerDefaults, creditCap: number | null, wagerCap: number | null) {
  const at = (cap: number | null) => (amount: number) =>
    cap !== null && amount > cap ? cap : amount;
  const credit = at(creditCap);
  const wager = at(wagerCap);
  const each = <K extends string>(limits: Partial<Record<K, number>>) =>
    Object.fromEntries(
      Object.entries<number | undefined>(limits).map(([k, v]) => [
        k,
        v === undefined ? v : wager(v),
      ]),
    ) as Partial<Record<K, number>>;
  return {
    CreditLimit: credit(d.CreditLimit),
    MaxWager: wager(d.MaxWager),
    Limits: {
      ...d.Limits,
      // A minimum at most the cap too, so it stays at most its maximum.
      MinByType: each(d.Limits.MinByType),
      MaxByType: each(d.Limits.MaxByType),
      MaxBySport: each(d.Limits.MaxBySport),
    },
  };
}

export async function addPlayer(tx: Executor, input: NewPlayer) {
  const agent = await repo.selectHomeAgent(tx, input.siteId, input.agentId);
  if (!agent) throw new NotFoundError('agent_not_found', { agent: input.agentId });
  if (await repo.playerLoginTaken(tx, input.siteId, input.login))
    throw new ConflictError('login_taken', { login: input.login });
  const creditCap = agent.credit_cap === null ? null : Number(agent.credit_cap);
  const wagerCap = agent.wager_cap === null ? null : Number(agent.wager_cap);
  // The agent's defaults within the caps as they are now (a cap lowered above it since they were
  // set binds them); a credit limit the platform gives is its own, and refused above the cap.
  const defaults = withinCaps(playerDefaultsOf(agent.player_defaults), creditCap, wagerCap);
  const creditLimit = input.creditLimit ?? defaults.CreditLimit;
  if (creditCap !== null && creditLimit > creditCap)
    throw new ConflictError('over_agent_cap', {
      field: 'creditLimit',
      agent: agent.login,
      cap: creditCap,
    });
  try {
    const { id } = await repo.insertPlayer(tx, {
      siteId: input.siteId,
      agentId: agent.id,
      login: input.login,
      name: input.name,
      email: input.email,
      passwordHash: input.passwordHash,
      currency: agent.currency,
      creditLimit,
      maxWager: defaults.MaxWager,
      wagerLimits: defaults.Limits,
      externalId: input.externalId ?? null,
      createdAt: input.createdAt,
    });
    return { id, login: input.login, agent: agent.login, currency: agent.currency };
  } catch (error) {
    // Two made at once under one login: the index lets one through and this one is told so.
    if (isUniqueViolation(error, 'players_site_login'))
      throw new ConflictError('login_taken', { login: input.login });
    throw error;
  }
}
