// The tab list of the WAI-ARIA pattern, the one way a screen switches between views of itself: one
// tab stop, arrows (wrapping), Home and End move to a tab and select it.
import { useRef, type KeyboardEvent } from 'react';
import './tabs.css';

interface TabsProps<K extends string> {
  label: string;
  /** Each tab's id is `${idBase}-${key}`, for the panel's aria-labelledby. */
  idBase: string;
  panelId: string;
  tabs: ReadonlyArray<{ key: K; label: string }>;
  value: K;
  onChange: (key: K) => void;
  /** A class beside `tabs` for the list's place on the screen (its margins). */
  className?: string;
}

export function Tabs<K extends string>(props: TabsProps<K>) {
  const { label, idBase, panelId, tabs, value, onChange, className } = props;
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const onKeyDown = (e: KeyboardEvent) => {
    const index = tabs.findIndex((tab) => tab.key === value);
    const last = tabs.length - 1;
    const moves: Record<string, number> = {
      ArrowRight: (index + 1) % tabs.length,
      ArrowLeft: (index + last) % tabs.length,
      Home: 0,
      End: last,
    };
    const target = moves[e.key];
    if (target === undefined) return;
    e.preventDefault();
    onChange(tabs[target]!.key);
    refs.current[target]?.focus();
  };
  return (
    <div
      className={className ? `tabs ${className}` : 'tabs'}
      role="tablist"
      aria-label={label}
      onKeyDown={onKeyDown}
    >
      {tabs.map((tab, i) => (
        <button
          key={tab.key}
          ref={(el) => {
            refs.current[i] = el;
          }}
          type="button"
          role="tab"
          id={`${idBase}-${tab.key}`}
          aria-selected={value === tab.key}
          aria-controls={panelId}
          tabIndex={value === tab.key ? 0 : -1}
          className="tabs__tab"
          onClick={() => onChange(tab.key)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
