import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '@backline/contract/core/common';
import { formatCount } from '@/lib/format';

interface PagerProps {
  page: number;
  pageSize: number;
  totalRows: number;
  locale: string;
  onPage: (page: number) => void;
  /** Left out where the page size is the server's own: no size to choose. */
  onPageSize?: (pageSize: number) => void;
}

/**
 * A page kept in the component, not the URL (a section of a larger screen): `restart` goes back to
 * the first page when the filters change; `pager` is what the Pager takes of it.
 */
export function usePaging(firstSize: number) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(firstSize);
  const restart = () => setPage(1);
  const onPageSize = (size: number) => {
    setPageSize(size);
    setPage(1);
  };
  return { page, pageSize, restart, pager: { page, pageSize, onPage: setPage, onPageSize } };
}

export function pageCount(totalRows: number, pageSize: number): number {
  return Math.max(1, Math.ceil(totalRows / pageSize));
}

/** Server-side paging: rows per page, where this page sits, previous and next. */
export function Pager({ page, pageSize, totalRows, locale, onPage, onPageSize }: PagerProps) {
  const { t } = useTranslation();
  const id = useId();
  const pages = pageCount(totalRows, pageSize);
  const first = totalRows === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(totalRows, page * pageSize);
  const sizes: readonly number[] = PAGE_SIZES.includes(pageSize as (typeof PAGE_SIZES)[number])
    ? PAGE_SIZES
    : [...PAGE_SIZES, pageSize].sort((a, b) => a - b);
  return (
    <nav className="pager" aria-label={t('pager.label')}>
      {onPageSize && (
        <div className="pager__size">
          <label htmlFor={id}>{t('pager.pageSize')}</label>
          <select id={id} value={pageSize} onChange={(e) => onPageSize(Number(e.target.value))}>
            {sizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </div>
      )}
      <p className="pager__range">
        {t('pager.range', {
          first: formatCount(first, locale),
          last: formatCount(last, locale),
          total: formatCount(totalRows, locale),
        })}
      </p>
      <div className="pager__steps">
        <button
          type="button"
          className="button"
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
        >
          {t('pager.previous')}
        </button>
        <p className="pager__page" aria-live="polite">
          {t('pager.page', {
            page: formatCount(Math.min(page, pages), locale),
            pages: formatCount(pages, locale),
          })}
        </p>
        <button
          type="button"
          className="button"
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
        >
          {t('pager.next')}
        </button>
      </div>
    </nav>
  );
}
