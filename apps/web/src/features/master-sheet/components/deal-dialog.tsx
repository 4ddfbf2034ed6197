import type { SheetRow } from '@backline/contract/reports/master-sheet';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog';
import { QueryState } from '@/components/ui/query-state';
import { formatDateTime, formatDay } from '@/lib/format';
import { useSiteTimeZone } from '@/lib/time-zone';
import { toast } from '@/stores/toast-store';
import { useAgentDeal, useSetAgentDeal } from '../api/agent-deal';
import { dealSummary } from '../utils/sheet-words';
import { DealForm } from './deal-form';

interface DealDialogProps {
  row: SheetRow;
  currency: string;
  locale: string;
  onClose: () => void;
}

/** A sub-agent's deal: the one in force, every earlier one, and (for its parent) a new one. */
export function DealDialog({ row, currency, locale, onClose }: DealDialogProps) {
  const { t } = useTranslation();
  const timeZone = useSiteTimeZone();
  const id = useId();
  const query = useAgentDeal(row.IdAgent);
  const mutation = useSetAgentDeal();
  return (
    <Dialog title={t('masterSheet.dealTitle', { agent: row.Agent })} onClose={onClose}>
      <QueryState query={query} loading={t('masterSheet.dealLoading')} pending="spinner">
        {(deal) => (
          <div className="deal-panel">
            <p>
              <strong>{t('masterSheet.dealCurrent')}: </strong>
              {dealSummary(deal.Current, t, currency, locale)}
            </p>
            {deal.History.length > 0 && (
              <section aria-labelledby={`${id}-history`}>
                <h3 id={`${id}-history`} className="deal-form__title">
                  {t('masterSheet.dealHistory')}
                </h3>
                <ol className="deal-panel__history">
                  {deal.History.map((v) => (
                    <li key={`${v.FromWeek}|${v.SetAt}`}>
                      <strong>
                        {t('masterSheet.fromWeekOf', { week: formatDay(v.FromWeek, locale) })}
                      </strong>
                      {': '}
                      {dealSummary(v, t, currency, locale)}
                      <span className="deal-panel__by">
                        {t('masterSheet.setBy', {
                          agent: v.SetBy,
                          at: formatDateTime(v.SetAt, locale, timeZone),
                        })}
                      </span>
                    </li>
                  ))}
                </ol>
              </section>
            )}
            {deal.CanSet ? (
              <DealForm
                title={t('masterSheet.newDeal')}
                start={deal.Current}
                currency={currency}
                locale={locale}
                firstWeek={deal.FirstOpenWeek}
                mutation={mutation}
                onSave={(terms, fromWeek) =>
                  mutation.mutate(
                    { idAgent: row.IdAgent, fromWeek: fromWeek!, deal: terms },
                    {
                      onSuccess: () => {
                        toast.success(t('masterSheet.dealSaved', { agent: row.Agent }));
                        onClose();
                      },
                    },
                  )
                }
              />
            ) : (
              <p className="deal-panel__note">{t('masterSheet.dealByParent')}</p>
            )}
          </div>
        )}
      </QueryState>
    </Dialog>
  );
}
