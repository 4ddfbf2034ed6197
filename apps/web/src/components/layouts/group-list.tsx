import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import type { NavGroup } from './nav-items';

interface GroupListProps {
  groups: readonly NavGroup[];
  onNavigate: () => void;
}

/** The narrow menu's content: every group's screens listed under its name, one tap away. */
export function GroupList({ groups, onNavigate }: GroupListProps) {
  const { t } = useTranslation();
  const baseId = useId();
  return (
    <nav className="group-list" aria-label={t('shell.navigation')}>
      {groups.map((group) => (
        <div key={group.key} className="group-list__group">
          <p id={`${baseId}-${group.key}`} className="group-list__name">
            {t(group.labelKey)}
          </p>
          <ul aria-labelledby={`${baseId}-${group.key}`}>
            {group.items.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} onClick={onNavigate}>
                  {t(item.labelKey)}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}
