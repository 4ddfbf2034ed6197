// The master agent's integration with its platform (DESIGN.md §8): the keys the platform signs its
// feed with, the webhook address agent actions go back to, and the log of those deliveries.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DeliveriesSection } from './deliveries-section';
import { KeysSection } from './keys-section';
import { WebhookSection } from './webhook-section';
import './integration.css';

export function Integration() {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section className="integration" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{t('integration.title')}</h1>
      <p className="integration__intro">{t('integration.intro')}</p>
      <KeysSection />
      <WebhookSection />
      <DeliveriesSection />
    </section>
  );
}
