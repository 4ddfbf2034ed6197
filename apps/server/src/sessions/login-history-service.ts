// Log-in history (issue 20 item 4): the view agent's own, a sub-agent's (with manageAgents) or a
// player's of the subtree, over a period cut in the site's time zone.
import {
  addDays,
  Period,
  startOfDayUtc,
  type api,
  type LoginHistory,
  type LoginOutcome,
  type ParsedQueryOf,
} from '@backline/contract';
import type { AgentAuth } from '../auth/auth-context.ts';
import { agentInScope, playerInScope } from '../agents/scope.ts';
import type { Db } from '../db/query.ts';
import { ForbiddenError } from '../errors.ts';
import { resolvePeriod } from '../reports/period.ts';
import * as repo from './login-history-repository.ts';
import type { SessionOwner } from './sessions-repository.ts';

export type LoginHistoryQuery = ParsedQueryOf<typeof api.getLoginHistory>;

export function createLoginHistoryService({ db, now }: { db: Db; now: () => Date }) {
  /** Whose history: a player of the subtree, a sub-agent (manageAgents), or the view agent. */
  async function accountOf(auth: AgentAuth, q: LoginHistoryQuery) {
    if (q.idPlayer !== undefined) {
      const p = await playerInScope(db, auth, q.idPlayer);
      return { owner: { kind: 'player', id: p.id } as SessionOwner, login: p.login };
    }
    const a = await agentInScope(db, auth, q.idAgent);
    if (a.id !== auth.agentId && !auth.rights.has('manageAgents'))
      throw new ForbiddenError('right_required', { right: 'manageAgents' });
    return { owner: { kind: 'agent', id: a.id } as SessionOwner, login: a.login };
  }

  async function history(auth: AgentAuth, q: LoginHistoryQuery): Promise<LoginHistory> {
    const { owner, login } = await accountOf(auth, q);
    const period = resolvePeriod(auth.timeZone, q, now(), Period.ThisMonth);
    const span = {
      siteId: auth.siteId,
      owner,
      from: startOfDayUtc(period.StartDate, auth.timeZone),
      to: startOfDayUtc(addDays(period.EndDate, 1), auth.timeZone),
    };
    const [rows, counts] = await Promise.all([
      repo.selectLogins(db, span, { limit: q.pageSize, offset: (q.page - 1) * q.pageSize }),
      repo.countLogins(db, span),
    ]);
    return {
      ...period,
      Account: { Kind: owner.kind, Id: owner.id, Login: login },
      Rows: rows.map((r) => ({
        At: new Date(r.at).toISOString(),
        Outcome: r.outcome as LoginOutcome,
        Method: r.method,
        Source: r.source === 'platform' ? 'platform' : 'backline',
        Ip: r.ip,
        Country: r.country,
        Device: r.device,
        DeviceTag: r.device_tag,
      })),
      Page: q.page,
      PageSize: q.pageSize,
      TotalRows: counts.total,
      Succeeded: counts.ok,
    };
  }

  return { history };
}

export type LoginHistoryService = ReturnType<typeof createLoginHistoryService>;
