// Notifications of the demo: to one agent, to an agent and its subtree, to the whole site; the older
// ones already seen by some of the agents they reach.
import type { Executor } from '../db/query.ts';
import { notifications, notificationViews } from '../db/schema.ts';
import type { OrgSite } from './demo-org.ts';

interface NotificationDef {
  site: number;
  /** An agent's login, or null for every agent of the site. */
  to: string | null;
  subtree: boolean;
  daysAgo: number;
  title: string;
  body: string;
  seenBy: string[];
}

const note = (
  site: number,
  to: string | null,
  subtree: boolean,
  daysAgo: number,
  title: string,
  body: string,
  seenBy: string[] = [],
): NotificationDef => ({ site, to, subtree, daysAgo, title, body, seenBy });

const NOTIFICATIONS: NotificationDef[] = [
  note(
    1,
    null,
    false,
    60,
    'Welcome to Backline',
    'Weekly balances, player standings and payments now live in one place.',
    ['MASTER', 'AG1', 'AG2', 'AG1SUB'],
  ),
  note(
    1,
    'AG1',
    true,
    30,
    'New limits on NFL sides',
    'Straight-bet limits on NFL sides rise to 5,000 from this week.',
    ['AG1', 'AG1SUB'],
  ),
  note(
    1,
    'AG2',
    false,
    20,
    'Outstanding balances',
    'Please settle players more than two weeks behind before Friday.',
    ['AG2'],
  ),
  note(
    1,
    null,
    false,
    12,
    'Scheduled maintenance',
    'Reports are unavailable on Sunday from 03:00 to 03:30 Eastern.',
    ['MASTER'],
  ),
  note(
    1,
    'AG1SUB',
    false,
    5,
    'Players over their credit limit',
    'Two of your players are over their credit limit; review their standing.',
  ),
  note(
    1,
    'MASTER',
    false,
    2,
    'Weekly figures are final',
    "Last week's figures are closed; agent settlements are due Wednesday.",
  ),
  note(1, 'AG1', true, 1, 'Holiday hours', 'Settlements on the holiday Monday move to Tuesday.'),
  note(
    1,
    null,
    false,
    0,
    'New report: beat the line',
    'See which players take better numbers than the closing line.',
  ),
  note(
    2,
    null,
    false,
    40,
    'Bienvenido a Backline',
    'Balances semanales, pagos e informes en un solo lugar.',
    ['MASTER2'],
  ),
  note(
    2,
    'MASTER2',
    false,
    3,
    'Cifras semanales cerradas',
    'Las liquidaciones con agentes vencen el miércoles.',
  ),
];

export async function seedNotifications(
  ex: Executor,
  org: readonly OrgSite[],
  now: Date,
): Promise<{ notifications: number; views: number }> {
  let views = 0;
  for (const n of NOTIFICATIONS) {
    const site = org.find((s) => s.def.id === n.site)!;
    const agentId = (login: string) => site.agents.find((a) => a.login === login)!.id;
    // Messages to one agent come from the site's master; site-wide ones and the master's own come
    // from the platform.
    const master = site.agents.find((a) => a.parentId === null)!;
    const sender = n.to && n.to !== master.login ? master.id : null;
    const createdAt = new Date(now.getTime() - n.daysAgo * 86_400_000 - 3 * 3_600_000);
    const [row] = await ex
      .insert(notifications)
      .values({
        siteId: n.site,
        agentId: n.to ? agentId(n.to) : null,
        includeSubtree: n.subtree,
        createdBy: sender,
        title: n.title,
        body: n.body,
        createdAt,
      })
      .returning({ id: notifications.id });
    for (const login of n.seenBy) {
      const seenAt = new Date(createdAt.getTime() + 5 * 3_600_000);
      await ex
        .insert(notificationViews)
        .values({ notificationId: row!.id, agentId: agentId(login), seenAt });
      views++;
    }
  }
  return { notifications: NOTIFICATIONS.length, views };
}
