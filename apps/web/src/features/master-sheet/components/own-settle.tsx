import type { SheetRow } from '@backline/contract/reports/master-sheet';
import { formatMoney } from '@backline/contract/core/money';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

interface OwnSettleProps {
  own: SheetRow;
  currency: string;
  locale: string;
  /** The sheet's owner when it is not the reader (a sheet opened below). */
  agent: string | null;
}

/** The sheet owner's own row of its parent's sheet, in words: what it owes, paid and carries. */
export function OwnSettle({ own, currency, locale, agent }: OwnSettleProps) {
  const { t } = useTranslation();
  const id = useId();
  const money = (minor: number) => formatMoney(Math.abs(minor), currency, locale);
  const who = agent === null ? 'you' : 'agent';
  // Positive figures are owed by the owner to its master (the contract's side).
  const owes = (minor: number) =>
    minor === 0
      ? t('masterSheet.own.even')
      : t(`masterSheet.own.${minor > 0 ? 'toMaster' : 'fromMaster'}.${who}`, {
          amount: money(minor),
          agent,
        });
  const paid =
    own.Paid === 0
      ? t('masterSheet.own.nothingPaid')
      : t(`masterSheet.own.${own.Paid > 0 ? 'paidTo' : 'paidFrom'}.${who}`, {
          amount: money(own.Paid),
          agent,
        });
  const makeup =
    own.MakeupBefore.Total === 0 && own.MakeupAfter.Total === 0
      ? t('masterSheet.own.noMakeup')
      : t('masterSheet.own.makeup', {
          before: money(own.MakeupBefore.Total),
          after: money(own.MakeupAfter.Total),
        });
  return (
    <section className="master-sheet__own card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        {agent === null ? t('masterSheet.own.title') : t('masterSheet.own.titleOf', { agent })}
      </h2>
      <dl className="master-sheet__own-figures">
        <div>
          <dt>{t('masterSheet.columns.owed')}</dt>
          <dd>{owes(own.Owed)}</dd>
        </div>
        <div>
          <dt>{t('masterSheet.columns.broughtForward')}</dt>
          <dd>{owes(own.BroughtForward)}</dd>
        </div>
        <div>
          <dt>{t('masterSheet.columns.paid')}</dt>
          <dd>{paid}</dd>
        </div>
        <div>
          <dt>{t('masterSheet.columns.balanceForward')}</dt>
          <dd>{owes(own.BalanceForward)}</dd>
        </div>
        <div>
          <dt>{t('masterSheet.columns.status')}</dt>
          <dd>
            <span className={`ms-pill ms-pill--${own.Status}`}>
              {t(`masterSheet.status.${own.Status}`)}
            </span>
          </dd>
        </div>
      </dl>
      <p>{makeup}</p>
    </section>
  );
}
