import type { LiveItem } from '@backline/contract/calls/live';
import { useTranslation } from 'react-i18next';

/** What makes a wager stand out, in words beside the colour: big, sharp, watched. */
export function Badges({ item, big }: { item: LiveItem; big: boolean }) {
  const { t } = useTranslation();
  if (!big && !item.Watched && !item.Sharp) return null;
  return (
    <div className="live-item__badges">
      {big && <span className="live-badge live-badge--big">{t('live.badges.big')}</span>}
      {item.Sharp && <span className="live-badge live-badge--sharp">{t('live.badges.sharp')}</span>}
      {item.Watched && (
        <span className="live-badge live-badge--watched">{t('live.badges.watched')}</span>
      )}
    </div>
  );
}
