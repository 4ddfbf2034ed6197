// Shared devices (issue 20 item 4): groups of the subtree's players who logged in from one address
// or one device over a period (site's days), the largest first.
import {
  addDays,
  Period,
  SHARED_DEVICES_MAX_GROUPS,
  SHARED_KINDS,
  startOfDayUtc,
  type api,
  type ParsedBodyOf,
  type SharedDevicesResponse,
  type SharedGroup,
} from '@backline/contract';
import type { AgentAuth } from '../../auth/auth-context.ts';
import { agentInScope } from '../../agents/scope.ts';
import { resolvePeriod } from '../period.ts';
import type { ReportDeps } from '../report-module.ts';
import * as repo from './shared-devices-repository.ts';

export type SharedDevicesRequest = ParsedBodyOf<typeof api.getSharedDevices>;

const iso = (v: Date | string) => new Date(v).toISOString();

export function createSharedDevicesService({ db, now }: Pick<ReportDeps, 'db' | 'now'>) {
  async function sharedDevices(
    auth: AgentAuth,
    f: SharedDevicesRequest,
  ): Promise<SharedDevicesResponse> {
    const agent = await agentInScope(db, auth, f.idAgent);
    const period = resolvePeriod(auth.timeZone, f, now(), Period.ThisMonth);
    const rows = await repo.selectSharedGroups(db, {
      siteId: auth.siteId,
      agentId: agent.id,
      from: startOfDayUtc(period.StartDate, auth.timeZone),
      to: startOfDayUtc(addDays(period.EndDate, 1), auth.timeZone),
      kinds: f.kind ? [f.kind] : SHARED_KINDS,
      maxGroups: SHARED_DEVICES_MAX_GROUPS,
    });
    const groups = new Map<string, SharedGroup>();
    for (const r of rows) {
      const key = `${r.kind}:${r.label}`;
      let group = groups.get(key);
      if (!group) {
        group = {
          Kind: r.kind,
          Label: r.label,
          Players: [],
          LogIns: r.group_log_ins,
          FirstAt: iso(r.group_first),
          LastAt: iso(r.group_last),
        };
        groups.set(key, group);
      }
      group.Players.push({
        IdPlayer: r.player_id,
        Player: r.login,
        Name: r.name,
        IdAgent: r.agent_id,
        Agent: r.agent,
        LogIns: r.log_ins,
        FirstAt: iso(r.first_at),
        LastAt: iso(r.last_at),
      });
    }
    return { ...period, Groups: [...groups.values()], TotalGroups: rows[0]?.total_groups ?? 0 };
  }

  return { sharedDevices };
}

export type SharedDevicesService = ReturnType<typeof createSharedDevicesService>;
