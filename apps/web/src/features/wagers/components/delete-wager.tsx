import { OptionalId } from '@backline/contract/core/endpoint';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/lib/format';
import { useUrlState } from '@/lib/url-state';
import { DeleteWagerForm } from './delete-wager-form';
import { TicketSearch } from './ticket-search';
import { WagerLookup } from './wager-lookup';
import '@/components/ui/report.css';
import '@/components/ui/report-extras.css';
import './wagers.css';

const URL_FIELDS = { idWager: OptionalId };
const URL_DEFAULTS = { idWager: null } as const;

/** /DeleteWager?idWager=…: the wager and the void form; without an id, a lookup to find one. */
export function DeleteWager() {
  const { t } = useTranslation();
  const id = useId();
  const locale = useLocale();
  const [{ idWager }] = useUrlState(URL_FIELDS, URL_DEFAULTS);
  return (
    <section className="report delete-wager" aria-labelledby={`${id}-title`}>
      <header className="report__header">
        <div>
          <h1 id={`${id}-title`} className="report__title">
            {t('wagers.delete.title')}
          </h1>
          <p className="report__period">{t('wagers.delete.intro')}</p>
        </div>
      </header>
      {idWager === null ? (
        <>
          <TicketSearch locale={locale} />
          <WagerLookup locale={locale} />
        </>
      ) : (
        <DeleteWagerForm key={idWager} idWager={idWager} locale={locale} />
      )}
    </section>
  );
}
