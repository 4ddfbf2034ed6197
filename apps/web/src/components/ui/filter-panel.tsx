import { useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMediaQuery } from '@/lib/use-media-query';
import { Chevron } from './chevron';
import { readFilterSummary } from './filter-summary';
import './filter-panel.css';

/** At this width a report's filters would fill the first screen: they fold behind one button. */
export const COMPACT_FILTERS_QUERY = '(max-width: 760px)';

interface FilterPanelProps {
  /** Layout modifiers of the `filters` grid (filters--flow, filters--wide, ...). */
  className?: string;
  children: ReactNode;
}

/**
 * Every report's filters. Wide, they show as they always did; on a phone or in a narrow frame
 * they fold behind one button that says what is set ("Filters · This week · NFL"), so the
 * figures start on the first screen. The fields stay mounted while folded, keeping what was typed.
 */
export function FilterPanel({ className, children }: FilterPanelProps) {
  const { t } = useTranslation();
  const id = useId();
  const compact = useMediaQuery(COMPACT_FILTERS_QUERY);
  const [open, setOpen] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const [summary, setSummary] = useState<string[]>([]);

  // Controlled fields change with the report's state (a re-render); typed ones fire events.
  useLayoutEffect(() => {
    const update = () => {
      const next = readFilterSummary(panel.current);
      setSummary((prev) => (prev.join('\u0000') === next.join('\u0000') ? prev : next));
    };
    update();
    const element = panel.current;
    element?.addEventListener('input', update);
    element?.addEventListener('change', update);
    return () => {
      element?.removeEventListener('input', update);
      element?.removeEventListener('change', update);
    };
  });

  return (
    <div className="filter-panel" data-compact={compact || undefined}>
      {compact && (
        <button
          type="button"
          className="filter-panel__toggle card"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen(!open)}
        >
          <span className="filter-panel__summary">
            {[t('filters.panel'), ...summary].join(' · ')}
          </span>
          <Chevron />
        </button>
      )}
      <div
        id={id}
        ref={panel}
        className={className ? `filters card ${className}` : 'filters card'}
        hidden={compact && !open}
      >
        {children}
      </div>
    </div>
  );
}
