// SQL of the shared-devices report: the subtree's players' successful log-ins over a span, grouped
// by address and by device, kept where two players or more meet. The subtree is joined before the
// grouping, so another site's or another tree's player never joins a group, even on one address.
import { sql, type SQL } from 'drizzle-orm';
import type { SharedKind } from '@backline/contract';
import { queryRows, type Executor } from '../../db/query.ts';
import { DEVICE_TAG_LENGTH } from '../../sessions/login-history-repository.ts';

export interface SharedScope {
  siteId: number;
  agentId: number;
  from: Date;
  to: Date;
  kinds: readonly SharedKind[];
  maxGroups: number;
}

export interface SharedDbRow {
  kind: SharedKind;
  label: string;
  group_players: number;
  group_log_ins: number;
  group_first: Date | string;
  group_last: Date | string;
  total_groups: number;
  player_id: number;
  login: string;
  name: string;
  agent_id: number;
  agent: string;
  log_ins: number;
  first_at: Date | string;
  last_at: Date | string;
}

/**
 * Characters of a device's hash the report groups by: 64 bits, as unique as the whole hash among a
 * site's devices, and a narrower key to hash a month of log-ins by.
 */
const DEVICE_KEY_LENGTH = 16;

/** Each kind's key of a log-in `e`. */
const KEYS: Record<SharedKind, SQL> = {
  ip: sql`('ip', e.ip)`,
  device: sql`('device', left(e.device_hash, ${DEVICE_KEY_LENGTH}))`,
};

/**
 * One row per player of each of the largest groups (most players, then most log-ins). One scan of
 * the period's successful log-ins of the site (each read once for both kinds), counted per key and
 * player, the subtree's players only; the keys two players or more share are the groups.
 */
export function selectSharedGroups(ex: Executor, s: SharedScope) {
  const keys = sql.join(
    s.kinds.map((k) => KEYS[k]),
    sql`, `,
  );
  return queryRows<SharedDbRow>(
    ex,
    sql`with h as (
        select k.kind, k.key, e.player_id, count(*)::int as log_ins, min(e.at) as first_at,
          max(e.at) as last_at
        from login_events e
        cross join lateral (values ${keys}) as k(kind, key)
        where e.site_id = ${s.siteId} and e.kind = 'player' and e.outcome = 'ok'
          and e.at >= ${s.from.toISOString()}::timestamptz
          and e.at < ${s.to.toISOString()}::timestamptz
          and k.key is not null
          and e.player_id in (
            select p.id from players p
            join agent_closure c on c.descendant_id = p.agent_id and c.ancestor_id = ${s.agentId})
        group by k.kind, k.key, e.player_id),
      g as (
        select kind, key, count(*)::int as players, sum(log_ins)::int as log_ins,
          min(first_at) as first_at, max(last_at) as last_at
        from h group by kind, key having count(*) >= 2),
      top as (
        select g.*, count(*) over ()::int as total_groups from g
        order by g.players desc, g.log_ins desc, g.kind, g.key
        limit ${s.maxGroups})
      select t.kind,
        case when t.kind = 'ip' then t.key else left(t.key, ${DEVICE_TAG_LENGTH}) end as label,
        t.players as group_players, t.log_ins as group_log_ins, t.first_at as group_first,
        t.last_at as group_last, t.total_groups, h.player_id, p.login, p.name, p.agent_id,
        a.login as agent, h.log_ins, h.first_at, h.last_at
      from top t
      join h on h.kind = t.kind and h.key = t.key
      join players p on p.id = h.player_id
      join agents a on a.id = p.agent_id
      order by t.players desc, t.log_ins desc, t.kind, t.key, h.first_at, h.player_id`,
  );
}
