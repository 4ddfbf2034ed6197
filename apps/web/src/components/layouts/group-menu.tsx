import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { Chevron } from '@/components/ui/chevron';
import type { NavGroup, NavItem } from './nav-items';

interface GroupMenuProps {
  groups: readonly NavGroup[];
  current: NavItem | undefined;
}

/** The item a key moves focus to along a row or list of `count` (wrapped by the caller), or null. */
function stepTo(key: string, index: number, count: number, back: string, forth: string) {
  if (key === forth) return index + 1;
  if (key === back) return index - 1;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/**
 * The desktop menu: a row of group buttons, each a disclosure of its screens (one click to open,
 * one to go). Arrow keys move between groups and along a group's links; Escape closes the open
 * group and gives focus back to its button; a click or focus elsewhere closes it.
 */
export function GroupMenu({ groups, current }: GroupMenuProps) {
  const { t } = useTranslation();
  const baseId = useId();
  const [open, setOpen] = useState<string | null>(null);
  const rowRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (open === null) return;
    const onPointer = (event: PointerEvent) => {
      if (!rowRef.current?.contains(event.target as Node)) setOpen(null);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const buttons = () => [
    ...(rowRef.current?.querySelectorAll<HTMLButtonElement>('.nav-group__button') ?? []),
  ];
  const links = (key: string) => [
    ...(document.getElementById(`${baseId}-${key}`)?.querySelectorAll<HTMLAnchorElement>('a') ??
      []),
  ];
  // The list renders on open; focus its link once it is in the document.
  const focusLink = (key: string, which: 'first' | 'last') => {
    setOpen(key);
    requestAnimationFrame(() => {
      const all = links(key);
      (which === 'first' ? all[0] : all[all.length - 1])?.focus();
    });
  };

  const onButtonKey = (event: KeyboardEvent<HTMLButtonElement>, key: string) => {
    const all = buttons();
    const index = all.indexOf(event.currentTarget);
    const move = (to: number) => {
      event.preventDefault();
      all[(to + all.length) % all.length]?.focus();
      if (open !== null) setOpen(groups[(to + all.length) % all.length]?.key ?? null);
    };
    const to = stepTo(event.key, index, all.length, 'ArrowLeft', 'ArrowRight');
    if (to !== null) move(to);
    else if (event.key === 'ArrowDown') {
      event.preventDefault();
      focusLink(key, 'first');
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      focusLink(key, 'last');
    } else if (event.key === 'Escape' && open !== null) {
      event.preventDefault();
      setOpen(null);
    }
  };

  const onListKey = (event: KeyboardEvent<HTMLUListElement>, key: string) => {
    const all = links(key);
    const index = all.indexOf(document.activeElement as HTMLAnchorElement);
    const focusAt = (to: number) => {
      event.preventDefault();
      all[(to + all.length) % all.length]?.focus();
    };
    const to = stepTo(event.key, index, all.length, 'ArrowUp', 'ArrowDown');
    if (to !== null) focusAt(to);
    else if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(null);
      document.getElementById(`${baseId}-${key}-button`)?.focus();
    }
  };

  return (
    <nav className="group-menu" aria-label={t('shell.navigation')}>
      <ul
        ref={rowRef}
        className="group-menu__row"
        onBlur={(event) => {
          if (!rowRef.current?.contains(event.relatedTarget as Node | null)) setOpen(null);
        }}
      >
        {groups.map((group) => {
          const isOpen = open === group.key;
          const isCurrent = current?.group === group.key;
          const listId = `${baseId}-${group.key}`;
          return (
            <li key={group.key} className="nav-group" data-current={isCurrent || undefined}>
              <button
                type="button"
                id={`${listId}-button`}
                className="nav-group__button"
                aria-expanded={isOpen}
                aria-controls={listId}
                onClick={() => setOpen(isOpen ? null : group.key)}
                onKeyDown={(event) => onButtonKey(event, group.key)}
              >
                <span className="nav-group__name">{t(group.labelKey)}</span>
                {isCurrent && current && (
                  <span className="nav-group__current">
                    <span className="visually-hidden">: </span>
                    {t(current.labelKey)}
                  </span>
                )}
                <Chevron className="nav-group__chevron" />
              </button>
              <ul
                id={listId}
                className="nav-group__menu"
                hidden={!isOpen}
                onKeyDown={(event) => onListKey(event, group.key)}
              >
                {group.items.map((item) => (
                  <li key={item.to}>
                    <NavLink to={item.to} onClick={() => setOpen(null)}>
                      {t(item.labelKey)}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
