import type { Right } from '@backline/contract/core/enums';
import { paths } from '@/config/paths';

/** DESIGN.md §5's menu groups, in the order shown. */
export const NAV_GROUPS = ['figures', 'wagers', 'players', 'agents', 'risk', 'account'] as const;
export type NavGroupKey = (typeof NAV_GROUPS)[number];

export interface NavItem {
  to: string;
  labelKey: string;
  group: NavGroupKey;
  /** The right the screen needs; none for screens every agent has (its own password). */
  right?: Right;
  /** Only for the site's master agent (the root of the tree). */
  masterOnly?: boolean;
  /** A second right the screen needs on top of the first. */
  alsoNeeds?: Right;
  /** A right that opens the screen instead of the first. */
  orRight?: Right;
}

export interface NavGroup {
  key: NavGroupKey;
  labelKey: string;
  items: NavItem[];
}

type Access = Pick<NavItem, 'right' | 'masterOnly' | 'alsoNeeds' | 'orRight'>;
type Screen = keyof typeof paths;

// The one list of the agent's screens, by group in menu order: the grouped menu at every width is
// built from it, so a new screen is one word here. A screen's path and its menu words
// (`nav.<screen>`) go by its one name.
const MENU: Record<NavGroupKey, readonly Screen[]> = {
  figures: ['weeklyBalance', 'newWeeklyBalance', 'cashFlow', 'exportExcel'],
  wagers: ['wagerCenter', 'deleteWager'],
  players: [
    'players',
    'watch',
    'playerStanding',
    'playerHistory',
    'playerPayment',
    'sharedDevices',
  ],
  agents: [
    'agentTree',
    'agentPayments',
    'masterSheet',
    'agentSettings',
    'limitRequests',
    'changeAgentPassword',
    'agentSignUps',
  ],
  risk: ['live', 'position', 'hold', 'alerts', 'beatTheLine', 'actionByPlayer'],
  account: [
    'agentNotifications',
    'integration',
    'auditLog',
    'changePassword',
    'security',
    'sessions',
  ],
};

// Each link shows only to agents holding its right: viewReports, but for these.
const ACCESS: Partial<Record<Screen, Access>> = {
  deleteWager: { right: 'viewReports', alsoNeeds: 'deleteWagers' },
  agentSettings: { right: 'manageAgents' },
  limitRequests: { right: 'exceedCaps', orRight: 'manageAgents' },
  changeAgentPassword: { right: 'changePasswords' },
  agentSignUps: { right: 'manageAgents', masterOnly: true },
  agentNotifications: {},
  integration: { masterOnly: true },
  changePassword: {},
  security: {},
  sessions: {},
};

export const NAV_ITEMS: readonly NavItem[] = NAV_GROUPS.flatMap((group) =>
  MENU[group].map((screen) => ({
    to: paths[screen],
    labelKey: `nav.${screen}`,
    group,
    ...(ACCESS[screen] ?? { right: 'viewReports' }),
  })),
);

/** The groups the agent may open, each with only its allowed screens; empty groups are left out. */
export function allowedNavGroups(rights: readonly Right[], isMaster: boolean): NavGroup[] {
  const allowed = NAV_ITEMS.filter(
    (item) =>
      (!item.right ||
        rights.includes(item.right) ||
        (item.orRight !== undefined && rights.includes(item.orRight))) &&
      (!item.alsoNeeds || rights.includes(item.alsoNeeds)) &&
      (!item.masterOnly || isMaster),
  );
  return NAV_GROUPS.map((key) => ({
    key,
    labelKey: `nav.groups.${key}`,
    items: allowed.filter((item) => item.group === key),
  })).filter((group) => group.items.length > 0);
}

/** The menu entry of the screen at `pathname` (routes match regardless of case, as the router). */
export function currentNavItem(groups: readonly NavGroup[], pathname: string): NavItem | undefined {
  const path = pathname.toLowerCase();
  for (const group of groups) {
    const item = group.items.find((i) => i.to.toLowerCase() === path);
    if (item) return item;
  }
  return undefined;
}
