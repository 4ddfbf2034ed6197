import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { WAGER_TABS, type WagerTab } from '../utils/filters';

interface WagerTabsProps {
  tab: WagerTab;
  panelId: string;
  idPrefix: string;
  onChange: (tab: WagerTab) => void;
}

/** The tab list of the WAI-ARIA pattern: one tab stop, arrows, Home and End move and select. */
export function WagerTabs({ tab, panelId, idPrefix, onChange }: WagerTabsProps) {
  const { t } = useTranslation();
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const index = WAGER_TABS.indexOf(tab);
    const last = WAGER_TABS.length - 1;
    const target =
      e.key === 'ArrowRight'
        ? (index + 1) % WAGER_TABS.length
        : e.key === 'ArrowLeft'
          ? (index + last) % WAGER_TABS.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : null;
    if (target === null) return;
    e.preventDefault();
    onChange(WAGER_TABS[target]!);
    refs.current[target]?.focus();
  };
  return (
    <div className="tabs" role="tablist" aria-label={t('wagers.tabs.label')} onKeyDown={onKeyDown}>
      {WAGER_TABS.map((name, i) => (
        <button
          key={name}
          ref={(el) => {
            refs.current[i] = el;
          }}
          id={`${idPrefix}-${name}`}
          type="button"
          role="tab"
          className="tabs__tab"
          aria-selected={name === tab}
          aria-controls={panelId}
          tabIndex={name === tab ? 0 : -1}
          onClick={() => onChange(name)}
        >
          {t(`wagers.tabs.${name}`)}
        </button>
      ))}
    </div>
  );
}
