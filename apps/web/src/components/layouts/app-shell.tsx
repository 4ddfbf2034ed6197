import type { Language, Right } from '@backline/contract/enums';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { LanguageSelect } from '@/components/ui/language-select';
import { paths } from '@/config/paths';
import { useAgentStore } from '@/stores/agent-store';

interface NavItem {
  to: string;
  labelKey: string;
  /** The right the screen needs; none for screens every agent has (its own password). */
  right?: Right;
  /** Only for the site's master agent (the root of the tree). */
  masterOnly?: boolean;
  /** A second right the screen needs on top of the first. */
  alsoNeeds?: Right;
}

// Screens of later issues join this list; each link shows only to agents holding its right.
const NAV_ITEMS: NavItem[] = [
  { to: paths.weeklyBalance, labelKey: 'nav.weeklyBalance', right: 'viewReports' },
  { to: paths.newWeeklyBalance, labelKey: 'nav.newWeeklyBalance', right: 'viewReports' },
  { to: paths.playerStanding, labelKey: 'nav.playerStanding', right: 'viewReports' },
  { to: paths.playerHistory, labelKey: 'nav.playerHistory', right: 'viewReports' },
  { to: paths.playerPayment, labelKey: 'nav.playerPayment', right: 'viewReports' },
  { to: paths.agentPayments, labelKey: 'nav.agentPayments', right: 'viewReports' },
  { to: paths.cashFlow, labelKey: 'nav.cashFlow', right: 'viewReports' },
  { to: paths.wagerCenter, labelKey: 'nav.wagerCenter', right: 'viewReports' },
  {
    to: paths.deleteWager,
    labelKey: 'nav.deleteWager',
    right: 'viewReports',
    alsoNeeds: 'deleteWagers',
  },
  { to: paths.beatTheLine, labelKey: 'nav.beatTheLine', right: 'viewReports' },
  { to: paths.actionByPlayer, labelKey: 'nav.actionByPlayer', right: 'viewReports' },
  { to: paths.agentTree, labelKey: 'nav.agentTree', right: 'viewReports' },
  { to: paths.exportExcel, labelKey: 'nav.exportExcel', right: 'viewReports' },
  { to: paths.agentNotifications, labelKey: 'nav.agentNotifications' },
  { to: paths.changeAgentPassword, labelKey: 'nav.changeAgentPassword', right: 'changePasswords' },
  { to: paths.agentSignUps, labelKey: 'nav.agentSignUps', right: 'manageAgents', masterOnly: true },
  { to: paths.changePassword, labelKey: 'nav.changePassword' },
];

interface AppShellProps {
  onLogout: () => void;
  /** Also told when the agent picks a language here, so the server can remember it. */
  onLanguageChange?: (language: Language) => void;
  /** Header slots filled by features the app composes (acting for a sub-agent, notifications). */
  viewAs?: ReactNode;
  banner?: ReactNode;
  bell?: ReactNode;
  children: ReactNode;
}

export function AppShell({
  onLogout,
  onLanguageChange,
  viewAs,
  banner,
  bell,
  children,
}: AppShellProps) {
  const { t } = useTranslation();
  const menuId = useId();
  const [menuOpen, setMenuOpen] = useState(false);
  const agent = useAgentStore((s) => s.agent);
  const site = useAgentStore((s) => s.site);
  const rights = useAgentStore((s) => s.rights);
  const items = NAV_ITEMS.filter(
    (item) =>
      (!item.right || rights.includes(item.right)) &&
      (!item.alsoNeeds || rights.includes(item.alsoNeeds)) &&
      (!item.masterOnly || agent?.IdParent === null),
  );

  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        {t('shell.skipToContent')}
      </a>
      <header className="app-header">
        <div className="app-header__bar">
          <span className="brand">
            <span className="brand__mark" aria-hidden="true">
              B
            </span>
            Backline
          </span>
          {bell}
          <button
            type="button"
            className="menu-button"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <span className="menu-button__icon" aria-hidden="true" />
            {t('shell.menu')}
          </button>
          <div id={menuId} className="app-header__menu" data-open={menuOpen}>
            <nav className="app-nav" aria-label={t('shell.navigation')}>
              <ul>
                {items.map((item) => (
                  <li key={item.to}>
                    <NavLink to={item.to} onClick={() => setMenuOpen(false)}>
                      {t(item.labelKey)}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
            <div className="app-header__tools">
              {agent && site && (
                <p className="viewer">
                  <span className="viewer__agent">
                    {agent.Login}
                    {agent.Name && agent.Name !== agent.Login && (
                      <span className="viewer__name"> · {agent.Name}</span>
                    )}
                  </span>
                  <span className="viewer__site">{site.Name}</span>
                </p>
              )}
              {viewAs}
              <LanguageSelect className="language-select--header" onChange={onLanguageChange} />
              <button type="button" className="button button--header" onClick={onLogout}>
                {t('shell.logout')}
              </button>
            </div>
          </div>
        </div>
        {banner}
      </header>
      <main id="main" className="app-main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
