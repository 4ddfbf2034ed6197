// Every report screen's frame: the heading with its period line, the count and tools (export) at the
// right, the filters, and the body that says when it is busy. The body's content is the page's own.
import { useId, type HTMLAttributes, type ReactNode } from 'react';
import { SiteZone } from './site-zone';
import './report.css';

interface ReportPageProps {
  /** The heading's text (and whatever follows it inside the h1, e.g. the player shown). */
  title: ReactNode;
  /** The period line under the heading; the site's time zone is added after it. */
  period?: ReactNode;
  /** How many rows, read politely when it changes. */
  count?: ReactNode;
  /** Buttons at the heading's right: the export button, an "enter" button. */
  tools?: ReactNode;
  /** Between the header and the body: filters, tabs, notes. */
  filters?: ReactNode;
  /** True while the query fetches: the body is aria-busy. */
  busy?: boolean;
  /** More attributes for the body, e.g. a tab panel's role and label. */
  bodyProps?: HTMLAttributes<HTMLDivElement>;
  /** After the body: dialogs the page opens. */
  after?: ReactNode;
  children: ReactNode;
}

export function ReportPage(props: ReportPageProps) {
  const { title, period, count, tools, filters, busy, bodyProps, after, children } = props;
  const id = useId();
  return (
    <section className="report" aria-labelledby={`${id}-title`}>
      <header className="report__header">
        <div>
          <h1 id={`${id}-title`} className="report__title">
            {title}
          </h1>
          {period != null && (
            <p className="report__period">
              {period}
              <SiteZone />
            </p>
          )}
        </div>
        {(count != null || tools != null) && (
          <div className="report__tools">
            {count != null && (
              <p className="report__count" aria-live="polite">
                {count}
              </p>
            )}
            {tools}
          </div>
        )}
      </header>
      {filters}
      <div className="report__body" aria-busy={busy} {...bodyProps}>
        {children}
      </div>
      {after}
    </section>
  );
}
