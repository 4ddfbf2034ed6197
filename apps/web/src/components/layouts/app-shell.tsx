import type { Language } from '@backline/contract/core/enums';
import { useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LanguageSelect } from '@/components/ui/language-select';
import { useAgentStore } from '@/stores/agent-store';
import { GroupList } from './group-list';
import { GroupMenu } from './group-menu';
import { allowedNavGroups, currentNavItem } from './nav-items';
import { useHeaderBottom } from './use-header-bottom';
import { useMediaQuery } from '@/lib/use-media-query';
import './shell.css';

/** Below this width (a phone, or a frame its host keeps narrow) the menu is one button. */
export const NARROW_QUERY = '(max-width: 900px)';

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
  // The narrow menu is open on the screen it was opened on: going anywhere (a link, the back
  // button, a link inside a report) or widening the frame closes it.
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const header = useRef<HTMLElement>(null);
  useHeaderBottom(header);
  const narrow = useMediaQuery(NARROW_QUERY);
  const { pathname } = useLocation();
  const agent = useAgentStore((s) => s.agent);
  const site = useAgentStore((s) => s.site);
  const rights = useAgentStore((s) => s.rights);
  const groups = allowedNavGroups(rights, agent?.IdParent === null);
  const current = currentNavItem(groups, pathname);
  const menuOpen = narrow && menuOpenAt === pathname;
  const setMenuOpen = (open: boolean) => setMenuOpenAt(open ? pathname : null);

  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        {t('shell.skipToContent')}
      </a>
      <header ref={header} className="app-header">
        <div className="app-header__bar">
          <span className="brand">
            <span className="brand__mark" aria-hidden="true">
              B
            </span>
            <span className="brand__name">Backline</span>
          </span>
          {bell}
          {narrow && (
            <button
              ref={menuButton}
              type="button"
              className="menu-button"
              aria-expanded={menuOpen}
              aria-controls={menuId}
              onClick={() => setMenuOpen(!menuOpen)}
            >
              <span className="menu-button__icon" aria-hidden="true" />
              {current ? (
                <>
                  <span className="visually-hidden">{t('shell.menu')}: </span>
                  <span className="menu-button__current">{t(current.labelKey)}</span>
                </>
              ) : (
                t('shell.menu')
              )}
            </button>
          )}
          <div
            id={menuId}
            className="app-header__menu"
            data-open={menuOpen}
            onKeyDown={(event) => {
              if (!narrow || event.key !== 'Escape') return;
              setMenuOpen(false);
              menuButton.current?.focus();
            }}
          >
            {narrow && <GroupList groups={groups} onNavigate={() => setMenuOpen(false)} />}
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
        {!narrow && (
          <div className="app-header__nav">
            <GroupMenu groups={groups} current={current} />
          </div>
        )}
        {banner}
      </header>
      <main id="main" className="app-main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
