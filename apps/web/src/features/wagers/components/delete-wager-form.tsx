import { formatMoney } from '@backline/contract/core/money';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BusyStatus, ErrorAlert, ErrorState } from '@/components/ui/states';
import { Term } from '@/components/ui/term';
import { paths } from '@/config/paths';
import { useErrorMessage } from '@/lib/errors';
import { useAgentStore } from '@/stores/agent-store';
import { toast } from '@/stores/toast-store';
import { useWagerGameScore } from '../api/get-wager-game-score';
import { useWagerDelete, type WagerDeleteResult } from '../api/wager-delete';
import { WagerLegs } from './wager-legs';
import { WagerSummary } from './wager-summary';

const MIN_REASON = 3;
const changedBetsLink = `${paths.wagerCenter}?tab=changed`;

interface DeleteWagerFormProps {
  idWager: number;
  locale: string;
}

export function DeleteWagerForm({ idWager, locale }: DeleteWagerFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const errorMessage = useErrorMessage();
  const timeZone = useAgentStore((s) => s.site?.TimeZone ?? 'UTC');
  const query = useWagerGameScore(idWager);
  const mutation = useWagerDelete();
  const [reason, setReason] = useState('');
  const [step, setStep] = useState<'form' | 'confirm'>('form');
  const [touched, setTouched] = useState(false);
  const [done, setDone] = useState<WagerDeleteResult | null>(null);

  if (query.isPending) {
    return <BusyStatus message={t('wagers.detail.loading')} />;
  }
  if (query.isError) {
    return <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  }
  const wager = query.data.Wager;
  const money = (minor: number) => formatMoney(minor, wager.Currency, locale);
  const reasonError =
    reason.trim().length < MIN_REASON
      ? t('wagers.delete.reasonTooShort', { min: MIN_REASON })
      : null;
  const isOpen = wager.Result === 'open';

  const review = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!reasonError) setStep('confirm');
  };
  const confirm = () => {
    mutation.mutate(
      { idWager, reason: reason.trim() },
      {
        onSuccess: (result) => {
          setDone(result);
          toast.success(
            t('wagers.delete.success', {
              ticket: result.Ticket,
              reversed: money(result.Reversed),
              balance: money(result.BalanceAfter),
            }),
          );
        },
      },
    );
  };

  return (
    <div className="delete-wager__layout">
      <section className="panel card" aria-labelledby={`${id}-wager`}>
        <h2 id={`${id}-wager`} className="panel__title">
          {t('wagers.detail.title', { ticket: wager.Ticket })}
        </h2>
        <WagerSummary wager={wager} locale={locale} timeZone={timeZone} />
        <WagerLegs
          legs={wager.Legs}
          locale={locale}
          timeZone={timeZone}
          caption={t('wagers.detail.legsCaption', { ticket: wager.Ticket })}
        />
      </section>

      <section className="panel card" aria-labelledby={`${id}-action`}>
        <h2 id={`${id}-action`} className="panel__title">
          {t('wagers.delete.actionTitle')}
        </h2>
        {done ? (
          <div className="delete-done" role="status">
            <p className="delete-done__lead">
              {t('wagers.delete.doneLead', { ticket: done.Ticket })}
            </p>
            <dl className="facts">
              <Term label={t('wagers.delete.reversed')}>{money(done.Reversed)}</Term>
              <Term label={t('wagers.delete.newBalance', { player: wager.Player })}>
                {money(done.BalanceAfter)}
              </Term>
            </dl>
            <div className="panel__actions">
              <Link className="button button--primary" to={changedBetsLink}>
                {t('wagers.delete.seeChanged')}
              </Link>
              <Link className="button" to={paths.wagerCenter}>
                {t('wagers.delete.backToCenter')}
              </Link>
            </div>
          </div>
        ) : wager.Deleted ? (
          <div className="alert alert--info" role="status">
            <p>{t('wagers.delete.alreadyDeleted', { ticket: wager.Ticket })}</p>
            <Link to={changedBetsLink}>{t('wagers.delete.seeChanged')}</Link>
          </div>
        ) : step === 'form' ? (
          <form className="delete-form" noValidate onSubmit={review}>
            {!isOpen && (
              <p className="alert alert--info">
                {t('wagers.delete.gradedNote', {
                  posted: money(wager.Amount),
                  restore: money(-wager.Amount),
                })}
              </p>
            )}
            <div className="field">
              <label htmlFor={`${id}-reason`}>{t('wagers.delete.reason')}</label>
              <textarea
                id={`${id}-reason`}
                value={reason}
                rows={3}
                maxLength={500}
                required
                aria-invalid={touched && !!reasonError}
                aria-describedby={`${id}-reason-hint`}
                onChange={(e) => setReason(e.target.value)}
              />
              <p
                id={`${id}-reason-hint`}
                className={touched && reasonError ? 'field__error' : 'field__hint'}
              >
                {touched && reasonError ? reasonError : t('wagers.delete.reasonHint')}
              </p>
            </div>
            <div className="panel__actions">
              <button type="submit" className="button button--primary">
                {t('wagers.delete.review')}
              </button>
              <Link className="button" to={paths.wagerCenter}>
                {t('wagers.delete.cancel')}
              </Link>
            </div>
          </form>
        ) : (
          <div className="delete-confirm">
            <p className="delete-confirm__lead">{t('wagers.delete.confirmLead')}</p>
            <ul className="delete-confirm__list">
              <li>
                {t('wagers.delete.effectVoid', { ticket: wager.Ticket, player: wager.Player })}
              </li>
              <li>
                {isOpen
                  ? t('wagers.delete.effectOpen', { risk: money(wager.Risk) })
                  : t('wagers.delete.effectGraded', {
                      posted: money(wager.Amount),
                      restore: money(-wager.Amount),
                    })}
              </li>
              <li>{t('wagers.delete.effectChanged', { reason: reason.trim() })}</li>
            </ul>
            <ErrorAlert error={mutation.error} />
            <div className="panel__actions">
              <button
                type="button"
                className="button button--danger"
                disabled={mutation.isPending}
                onClick={confirm}
              >
                {mutation.isPending ? t('wagers.delete.deleting') : t('wagers.delete.confirm')}
              </button>
              <button
                type="button"
                className="button"
                disabled={mutation.isPending}
                onClick={() => {
                  mutation.reset();
                  setStep('form');
                }}
              >
                {t('wagers.delete.back')}
              </button>
            </div>
          </div>
        )}
      </section>
    </div>
  );
}
