import { OptionalId } from '@backline/contract/core/endpoint';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/lib/format';
import { useUrlState } from '@/lib/url-state';
import { DeleteWagerForm } from './delete-wager-form';
import { TicketSearch } from './ticket-search';
import { WagerLookup } from './wager-lookup';
import { ReportPage } from '@/components/ui/report-page';
import '@/components/ui/report-extras.css';
import './wagers.css';

const URL_FIELDS = { idWager: OptionalId };
const URL_DEFAULTS = { idWager: null } as const;

/** /DeleteWager?idWager=…: the wager and the void form; without an id, a lookup to find one. */
export function DeleteWager() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [{ idWager }] = useUrlState(URL_FIELDS, URL_DEFAULTS);
  return (
    <ReportPage title={t('wagers.delete.title')} intro={t('wagers.delete.intro')}>
      {idWager === null ? (
        <>
          <TicketSearch locale={locale} />
          <WagerLookup locale={locale} />
        </>
      ) : (
        <DeleteWagerForm key={idWager} idWager={idWager} locale={locale} />
      )}
    </ReportPage>
  );
}
