// Finds what an answer shows from outside what the caller may see: ids of players and agents
// outside its subtree (only references upward, a parent, a master, a notification's addressee,
// may name the agents above it), and logins, names, e-mails and tickets of accounts outside it.
// The reach is worked out here from the rows' parent ids, never from the product's closure.
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../src/db/query.ts';
import { treeOf } from './world.ts';

export interface Reach {
  agents: Set<number>;
  upward: Set<number>;
  players: Set<number>;
  /**
   * Logins, names, e-mails and wager tickets (lower case) of agents, players and wagers outside
   * the reach, with whose each is; a value an account inside the reach also has is left out.
   */
  foreign: Map<string, Owner>;
  /** The same values of the agents above the caller: what only an upward reference may show. */
  upwardValues: Map<string, Owner>;
}

interface Owner {
  field: 'login' | 'name' | 'e-mail' | 'ticket';
  /** As the row spells it. */
  value: string;
  whose: string;
}

interface Person {
  id: number;
  agentId: number;
  login: string;
  name: string;
  email: string | null;
}

/** Read from the tables as they are now, so an agent or a player a call made is in reach. */
export async function reachOf(db: Db, agentId: number): Promise<Reach> {
  const rows = await queryRows<Person & { parentId: number | null }>(
    db,
    sql`select id, parent_id as "parentId", id as "agentId", login, name, email from agents`,
  );
  const tree = treeOf(rows);
  const agents = tree.below(agentId);
  const upward = new Set([...agents, ...tree.above(agentId)]);
  const people = await queryRows<Person>(
    db,
    sql`select id, agent_id as "agentId", login, name, email from players`,
  );
  const players = new Set(people.filter((p) => agents.has(p.agentId)).map((p) => p.id));
  const loginOf = new Map(rows.map((a) => [a.id, a.login]));

  const foreign = new Map<string, Owner>();
  const upwardValues = new Map<string, Owner>();
  const shared = new Set<string>();
  const add = (inside: boolean, to: Map<string, Owner>, whose: string, p: Person) => {
    for (const [field, value] of [
      ['login', p.login],
      ['name', p.name],
      ['e-mail', p.email],
    ] as const) {
      if (!value) continue;
      const key = value.trim().toLowerCase();
      if (inside) shared.add(key);
      else if (!to.has(key)) to.set(key, { field, value: value.trim(), whose });
    }
  };
  for (const a of rows)
    add(
      agents.has(a.id),
      tree.above(agentId).has(a.id) ? upwardValues : foreign,
      `agent ${a.login}`,
      a,
    );
  for (const p of people)
    add(players.has(p.id), foreign, `player ${p.id} of agent ${loginOf.get(p.agentId)}`, p);
  // Tickets are unique, so none outside is shared with one inside.
  const tickets = await queryRows<{ ticket: string; agentId: number }>(
    db,
    sql`select ticket, agent_id as "agentId" from wagers`,
  );
  for (const w of tickets)
    if (!agents.has(w.agentId))
      foreign.set(w.ticket.toLowerCase(), {
        field: 'ticket',
        value: w.ticket,
        whose: `a wager of agent ${loginOf.get(w.agentId)}`,
      });
  // A competitor of the schedule may bear a person's name: that is sport, not an account.
  const sides = await queryRows<{ side: string }>(
    db,
    sql`select home as side from events union select away from events`,
  );
  for (const key of [...shared, ...sides.map((s) => s.side.trim().toLowerCase())]) {
    foreign.delete(key);
    upwardValues.delete(key);
  }
  return { agents, upward, players, foreign, upwardValues };
}

export function foreignData(answer: unknown, reach: Reach): { checked: number; foreign: string[] } {
  let checked = 0;
  const foreign: string[] = [];
  const check = (set: Set<number>, id: number, where: string) => {
    checked++;
    if (!set.has(id)) foreign.push(`${where}=${id}`);
  };
  const checkText = (text: string, where: string, upwardToo: boolean) => {
    checked++;
    // Logins and tickets as the row spells them, so "Master" in a sentence or a column title is
    // not the login MASTER; names and e-mails in any case.
    const owner = (value: string) => {
      const o =
        reach.foreign.get(value.toLowerCase()) ??
        (upwardToo ? undefined : reach.upwardValues.get(value.toLowerCase()));
      return o && (o.field === 'name' || o.field === 'e-mail' || o.value === value) ? o : null;
    };
    const whose = (o: Owner) => `${o.field} of ${o.whose}`;
    const found = owner(text.trim());
    if (found) {
      foreign.push(`${where}=${JSON.stringify(text)} (${whose(found)})`);
      return;
    }
    // A login, an e-mail or a ticket inside a longer text ("Payment to PL1001"); names are
    // compared whole only, since a competitor in a game's description may share one.
    for (const word of text.split(/[^\w@.+-]+/)) {
      const token = word.replace(/^[.-]+|[.-]+$/g, '');
      const what = token === text.trim() ? null : owner(token);
      if (what && what.field !== 'name') {
        foreign.push(`${where}=${JSON.stringify(text)} (${token}: ${whose(what)})`);
        return;
      }
    }
  };
  const walk = (value: unknown, path: string) => {
    if (typeof value === 'string') return checkText(value, path, false);
    if (Array.isArray(value)) return value.forEach((v, i) => walk(v, `${path}[${i}]`));
    if (!value || typeof value !== 'object') return;
    const o = value as Record<string, unknown>;
    for (const [key, v] of Object.entries(o)) {
      const where = `${path}.${key}`;
      // A notification names its sender, who may be above the caller (the site's master).
      if (typeof v === 'string') checkText(v, where, 'IdNotification' in o);
      else if (typeof v !== 'number') walk(v, where);
      else if (key === 'IdPlayer') check(reach.players, v, where);
      else if (key === 'IdAgent')
        check('IdNotification' in o ? reach.upward : reach.agents, v, where);
      else if (key === 'IdParent' || key === 'IdMaster') check(reach.upward, v, where);
      else if (key === 'Id' && o.Kind === 'player') check(reach.players, v, where);
      else if (key === 'Id' && o.Kind === 'agent') check(reach.agents, v, where);
    }
  };
  walk(answer, '');
  return { checked, foreign };
}
