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
const REPORT: Access = { right: 'viewReports' };

/** A screen's entry: its path and its menu words (`nav.<screen>`) go by the screen's one name. */
function entry(screen: keyof typeof paths, group: NavGroupKey, access: Access = {}): NavItem {
  return { to: paths[screen], labelKey: `nav.${screen}`, group, ...access };
}

// The one list of the agent's screens: the grouped menu at every width is built from it, so a new
// screen is one line here. Each link shows only to agents holding its right.
export const NAV_ITEMS: readonly NavItem[] = [
  entry('weeklyBalance', 'figures', REPORT),
  entry('newWeeklyBalance', 'figures', REPORT),
  entry('cashFlow', 'figures', REPORT),
  entry('exportExcel', 'figures', REPORT),
  entry('wagerCenter', 'wagers', REPORT),
  entry('deleteWager', 'wagers', { ...REPORT, alsoNeeds: 'deleteWagers' }),
  entry('players', 'players', REPORT),
  entry('watch', 'players', REPORT),
  entry('playerStanding', 'players', REPORT),
  entry('playerHistory', 'players', REPORT),
  entry('playerPayment', 'players', REPORT),
  entry('sharedDevices', 'players', REPORT),
  entry('agentTree', 'agents', REPORT),
  entry('agentPayments', 'agents', REPORT),
  entry('masterSheet', 'agents', REPORT),
  entry('agentSettings', 'agents', { right: 'manageAgents' }),
  entry('limitRequests', 'agents', { right: 'exceedCaps', orRight: 'manageAgents' }),
  entry('changeAgentPassword', 'agents', { right: 'changePasswords' }),
  entry('agentSignUps', 'agents', { right: 'manageAgents', masterOnly: true }),
  entry('live', 'risk', REPORT),
  entry('position', 'risk', REPORT),
  entry('hold', 'risk', REPORT),
  entry('alerts', 'risk', REPORT),
  entry('beatTheLine', 'risk', REPORT),
  entry('actionByPlayer', 'risk', REPORT),
  entry('agentNotifications', 'account'),
  entry('integration', 'account', { masterOnly: true }),
  entry('auditLog', 'account', REPORT),
  entry('changePassword', 'account'),
  entry('security', 'account'),
  entry('sessions', 'account'),
];

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
