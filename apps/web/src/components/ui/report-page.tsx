// Every report screen's frame: the heading with its period line, the count and tools (export) at the
// right, the filters, and the body that says when it is busy. Given the report's query, the body
// runs its loading / error / empty cascade (QueryState) and shows the page's content once data came.
import { useId, type HTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount, useLocale } from '@/lib/format';
import { QueryState, type QueryLike } from './query-state';
import { SiteZone } from './site-zone';
import './report.css';

export interface FrameProps {
  /** The heading's text (and whatever follows it inside the h1, e.g. the player shown). */
  title?: ReactNode;
  /** The period line under the heading; the site's time zone is added after it. */
  period?: ReactNode;
  /** Instead of a period, on a screen that is a form (export, void): what it is for. */
  intro?: ReactNode;
  /** How many rows, read politely when it changes (or a query page's `countOf`). */
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
}

export interface QueryBody<T> {
  /** The screen's i18n prefix: its title, loading and empty texts (`${screen}.title`, ...). */
  screen: string;
  query: QueryLike<T> & { isFetching: boolean };
  /** Said instead of the content when `isEmpty` holds (`${screen}.empty` unless given). */
  empty?: string;
  isEmpty?: (data: T) => boolean;
  /** How many the answer holds, said as the count (`countKey`, else `${screen}.count`). */
  countOf?: (data: T) => number;
  countKey?: string;
  children: (data: T) => ReactNode;
}

type ReportPageProps<T> = FrameProps & (QueryBody<T> | { screen?: undefined; children: ReactNode });

export function ReportPage<T>(props: ReportPageProps<T>) {
  const { period, intro, tools, filters, bodyProps, after } = props;
  const { t } = useTranslation();
  const locale = useLocale();
  const id = useId();
  let count = props.count;
  if (props.screen !== undefined && props.countOf && props.query.data !== undefined) {
    const n = props.countOf(props.query.data);
    const key = props.countKey ?? `${props.screen}.count`;
    count = t(key, { count: n, formatted: formatCount(n, locale) });
  }
  const title = props.title ?? (props.screen && t(`${props.screen}.title`));
  const body =
    props.screen === undefined ? (
      props.children
    ) : (
      <QueryState
        query={props.query}
        loading={t(`${props.screen}.loading`)}
        empty={props.empty ?? t(`${props.screen}.empty`)}
        isEmpty={props.isEmpty}
      >
        {props.children}
      </QueryState>
    );
  const busy = props.screen === undefined ? props.busy : props.query.isFetching;
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
          {intro != null && <p className="report__period">{intro}</p>}
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
        {body}
      </div>
      {after}
    </section>
  );
}
