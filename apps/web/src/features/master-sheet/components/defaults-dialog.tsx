import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog';
import { QueryState } from '@/components/ui/query-state';
import { toast } from '@/stores/toast-store';
import { useAgentDeal, useSetDealDefaults } from '../api/agent-deal';
import { dealSummary } from '../utils/sheet-words';
import { DealForm } from './deal-form';

interface DefaultsDialogProps {
  currency: string;
  locale: string;
  onClose: () => void;
}

/** The deal the reader's new sub-agents start on, from the week each is created. */
export function DefaultsDialog({ currency, locale, onClose }: DefaultsDialogProps) {
  const { t } = useTranslation();
  const query = useAgentDeal();
  const mutation = useSetDealDefaults();
  const saved = () => {
    toast.success(t('masterSheet.defaultsSaved'));
    onClose();
  };
  return (
    <Dialog title={t('masterSheet.defaultsTitle')} onClose={onClose}>
      <QueryState query={query} loading={t('masterSheet.dealLoading')} pending="spinner">
        {(deal) => (
          <div className="deal-panel">
            <p>
              <strong>{t('masterSheet.defaultsCurrent')}: </strong>
              {deal.Defaults
                ? dealSummary(deal.Defaults, t, currency, locale)
                : t('masterSheet.defaultsNone')}
            </p>
            <p className="deal-panel__note">{t('masterSheet.defaultsIntro')}</p>
            <DealForm
              title={t('masterSheet.defaultsNew')}
              start={deal.Defaults}
              currency={currency}
              locale={locale}
              mutation={mutation}
              onSave={(terms) => mutation.mutate({ deal: terms }, { onSuccess: saved })}
              extra={
                deal.Defaults && (
                  <button
                    type="button"
                    className="button"
                    disabled={mutation.isPending}
                    onClick={() => mutation.mutate({ deal: null }, { onSuccess: saved })}
                  >
                    {t('masterSheet.defaultsClear')}
                  </button>
                )
              }
            />
          </div>
        )}
      </QueryState>
    </Dialog>
  );
}
