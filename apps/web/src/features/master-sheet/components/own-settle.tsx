import type { SheetRow } from '@backline/contract/reports/master-sheet';
import { formatMoney } from '@backline/contract/core/money';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Term } from '@/components/ui/term';

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
        <Term label={t('masterSheet.columns.owed')}>{owes(own.Owed)}</Term>
        <Term label={t('masterSheet.columns.broughtForward')}>{owes(own.BroughtForward)}</Term>
        <Term label={t('masterSheet.columns.paid')}>{paid}</Term>
        <Term label={t('masterSheet.columns.balanceForward')}>{owes(own.BalanceForward)}</Term>
        <Term label={t('masterSheet.columns.status')}>
          <span className={`ms-pill ms-pill--${own.Status}`}>
            {t(`masterSheet.status.${own.Status}`)}
          </span>
        </Term>
      </dl>
      <p>{makeup}</p>
    </section>
  );
}
