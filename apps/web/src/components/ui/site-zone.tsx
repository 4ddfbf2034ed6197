import { useTranslation } from 'react-i18next';
import { useSiteTimeZone } from '@/lib/time-zone';

/**
 * The site's time zone beside a period: " · America/New_York". The period's days are cut in it
 * and the screen's times are read in it, whatever zone the browser is in.
 */
export function SiteZone() {
  const { t } = useTranslation();
  const zone = useSiteTimeZone();
  return (
    <span className="site-zone" title={t('zone.explained', { zone })}>
      {' · '}
      <span className="visually-hidden">{t('zone.label')}: </span>
      {zone}
    </span>
  );
}
