import { useTranslation } from 'react-i18next';
import { Pager } from '@/components/ui/pager';
import { ErrorAlert } from '@/components/ui/states';

/** A tab form's end: what the save refused, and the save itself, or why there is none. */
export function SaveFooter(props: {
  mayEdit: boolean;
  label: string;
  mutation: { isPending: boolean; error: unknown };
}) {
  const { t } = useTranslation();
  return (
    <>
      <ErrorAlert error={props.mutation.error} />
      {props.mayEdit ? (
        <button
          type="submit"
          className="button button--primary"
          disabled={props.mutation.isPending}
        >
          {props.label}
        </button>
      ) : (
        <p>{t('player.readOnly')}</p>
      )}
    </>
  );
}

/** Pages of a tab's list, shown only when there is more than one; the server sets the size. */
export function ListPager(props: {
  page: number;
  list: { PageSize: number; TotalRows: number };
  locale: string;
  onPage: (page: number) => void;
}) {
  const { page, list, locale, onPage } = props;
  if (list.TotalRows <= list.PageSize) return null;
  return (
    <Pager
      page={page}
      pageSize={list.PageSize}
      totalRows={list.TotalRows}
      locale={locale}
      onPage={onPage}
    />
  );
}
