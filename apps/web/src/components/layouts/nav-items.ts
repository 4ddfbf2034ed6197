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
}

export interface NavGroup {
  key: NavGroupKey;
  labelKey: string;
  items: NavItem[];
}

// The one list of the agent's screens: the grouped menu at every width is built from it, so a new
// screen is one line here. Each link shows only to agents holding its right.
export const NAV_ITEMS: readonly NavItem[] = [
  {
    to: paths.weeklyBalance,
    labelKey: 'nav.weeklyBalance',
    group: 'figures',
    right: 'viewReports',
  },
  {
    to: paths.newWeeklyBalance,
    labelKey: 'nav.newWeeklyBalance',
    group: 'figures',
    right: 'viewReports',
  },
  { to: paths.cashFlow, labelKey: 'nav.cashFlow', group: 'figures', right: 'viewReports' },
  { to: paths.exportExcel, labelKey: 'nav.exportExcel', group: 'figures', right: 'viewReports' },
  { to: paths.wagerCenter, labelKey: 'nav.wagerCenter', group: 'wagers', right: 'viewReports' },
  {
    to: paths.deleteWager,
    labelKey: 'nav.deleteWager',
    group: 'wagers',
    right: 'viewReports',
    alsoNeeds: 'deleteWagers',
  },
  {
    to: paths.playerStanding,
    labelKey: 'nav.playerStanding',
    group: 'players',
    right: 'viewReports',
  },
  {
    to: paths.playerHistory,
    labelKey: 'nav.playerHistory',
    group: 'players',
    right: 'viewReports',
  },
  {
    to: paths.playerPayment,
    labelKey: 'nav.playerPayment',
    group: 'players',
    right: 'viewReports',
  },
  { to: paths.agentTree, labelKey: 'nav.agentTree', group: 'agents', right: 'viewReports' },
  { to: paths.agentPayments, labelKey: 'nav.agentPayments', group: 'agents', right: 'viewReports' },
  {
    to: paths.changeAgentPassword,
    labelKey: 'nav.changeAgentPassword',
    group: 'agents',
    right: 'changePasswords',
  },
  {
    to: paths.agentSignUps,
    labelKey: 'nav.agentSignUps',
    group: 'agents',
    right: 'manageAgents',
    masterOnly: true,
  },
  { to: paths.beatTheLine, labelKey: 'nav.beatTheLine', group: 'risk', right: 'viewReports' },
  { to: paths.actionByPlayer, labelKey: 'nav.actionByPlayer', group: 'risk', right: 'viewReports' },
  { to: paths.agentNotifications, labelKey: 'nav.agentNotifications', group: 'account' },
  { to: paths.integration, labelKey: 'nav.integration', group: 'account', masterOnly: true },
  { to: paths.changePassword, labelKey: 'nav.changePassword', group: 'account' },
];

/** The groups the agent may open, each with only its allowed screens; empty groups are left out. */
export function allowedNavGroups(rights: readonly Right[], isMaster: boolean): NavGroup[] {
  const allowed = NAV_ITEMS.filter(
    (item) =>
      (!item.right || rights.includes(item.right)) &&
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
