import type { DealTerms } from '@backline/contract/reports/master-sheet';
import { mondayOf, type IsoDate } from '@backline/contract/core/periods';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmStep } from '@/components/ui/confirm-step';
import { TextField } from '@/components/ui/text-field';
import { ErrorAlert } from '@/components/ui/states';
import { formatDay } from '@/lib/format';
import { draftOf, parseDraft, type DraftResult } from '../utils/deal-draft';
import { dealSummary } from '../utils/sheet-words';
import { DealTermsFields } from './deal-terms-fields';

interface DealFormProps {
  title: string;
  /** The terms the form opens with: the deal in force, or none. */
  start: DealTerms | null;
  currency: string;
  locale: string;
  /** A deal starts on a Monday whose sheet is still open; absent for the defaults (no week). */
  firstWeek?: IsoDate;
  mutation: { isPending: boolean; error: unknown };
  onSave: (terms: DealTerms, fromWeek: IsoDate | undefined) => void;
  /** More actions beside the review button (clearing the defaults). */
  extra?: ReactNode;
}

/**
 * Terms typed by a person are read strictly for the locale, then shown back exactly as they will
 * be saved (and from which week) before anything is sent.
 */
export function DealForm(props: DealFormProps) {
  const { title, start, currency, locale, firstWeek, mutation, onSave, extra } = props;
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState(() => draftOf(start, currency, locale));
  const [fromWeek, setFromWeek] = useState(firstWeek ?? '');
  const [tried, setTried] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const parsed: DraftResult = parseDraft(draft, currency, locale);
  const weekError =
    firstWeek === undefined
      ? null
      : !fromWeek || mondayOf(fromWeek) !== fromWeek
        ? t('masterSheet.form.fromWeekMonday')
        : fromWeek < firstWeek
          ? t('masterSheet.form.fromWeekClosed', { first: formatDay(firstWeek, locale) })
          : null;

  const review = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    setConfirming(parsed.ok && weekError === null);
  };
  const edit =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setConfirming(false);
    };

  return (
    <form className="deal-form" aria-labelledby={`${id}-title`} onSubmit={review} noValidate>
      <h3 id={`${id}-title`} className="deal-form__title">
        {title}
      </h3>
      <DealTermsFields
        value={draft}
        onChange={edit(setDraft)}
        errors={tried && !parsed.ok ? parsed.errors : {}}
        currency={currency}
        locale={locale}
      />
      {firstWeek !== undefined && (
        <TextField
          label={t('masterSheet.form.fromWeek')}
          type="date"
          min={firstWeek}
          step={7}
          value={fromWeek}
          hint={t('masterSheet.form.fromWeekHint', { first: formatDay(firstWeek, locale) })}
          error={tried ? weekError : null}
          onChange={(e) => edit(setFromWeek)(e.target.value)}
        />
      )}
      <ErrorAlert error={mutation.error} className="deal-form__wide" />
      {confirming && parsed.ok ? (
        <DealConfirm
          summary={dealSummary(parsed.terms, t, currency, locale)}
          fromWeek={fromWeek ? formatDay(fromWeek, locale) : null}
          pending={mutation.isPending}
          onConfirm={() => onSave(parsed.terms, firstWeek === undefined ? undefined : fromWeek)}
          onEdit={() => setConfirming(false)}
        />
      ) : (
        <div className="deal-form__actions">
          <button type="submit" className="button button--primary">
            {t('masterSheet.form.review')}
          </button>
          {extra}
        </div>
      )}
    </form>
  );
}

interface DealConfirmProps {
  summary: string;
  fromWeek: string | null;
  pending: boolean;
  onConfirm: () => void;
  onEdit: () => void;
}

/** The terms as they will be saved. */
function DealConfirm({ summary, fromWeek, pending, onConfirm, onEdit }: DealConfirmProps) {
  const { t } = useTranslation();
  return (
    <ConfirmStep
      title={t('masterSheet.form.confirmTitle')}
      saveLabel={t('masterSheet.form.save')}
      pending={pending}
      onConfirm={onConfirm}
      onEdit={onEdit}
      className="deal-form__confirm deal-form__wide"
      actionsClassName="deal-form__actions"
    >
      <p>{summary}</p>
      {fromWeek && <p>{t('masterSheet.form.confirmFrom', { week: fromWeek })}</p>}
    </ConfirmStep>
  );
}
