import { useRef, type KeyboardEvent } from 'react';

interface TabsProps<K extends string> {
  label: string;
  idBase: string;
  tabs: ReadonlyArray<{ key: K; label: string }>;
  value: K;
  onChange: (key: K) => void;
}

/** ARIA tabs: arrow keys move between tabs, only the chosen one is in the tab order. */
export function Tabs<K extends string>({ label, idBase, tabs, value, onChange }: TabsProps<K>) {
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const onKeyDown = (e: KeyboardEvent, index: number) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const next = (index + step + tabs.length) % tabs.length;
    onChange(tabs[next]!.key);
    refs.current[next]?.focus();
  };
  return (
    <div className="tabs" role="tablist" aria-label={label}>
      {tabs.map((tab, i) => (
        <button
          key={tab.key}
          ref={(el) => {
            refs.current[i] = el;
          }}
          type="button"
          role="tab"
          id={`${idBase}-tab-${tab.key}`}
          aria-selected={value === tab.key}
          aria-controls={`${idBase}-panel`}
          tabIndex={value === tab.key ? 0 : -1}
          className="tabs__tab"
          onClick={() => onChange(tab.key)}
          onKeyDown={(e) => onKeyDown(e, i)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
