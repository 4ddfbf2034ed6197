import { useTranslation } from 'react-i18next';
import { formatCount, useLocale } from '@/lib/format';

interface CutNoteProps {
  /** The screen's i18n prefix: the note is `${screen}.cut`, told how many are shown of how many. */
  screen: string;
  shown: number;
  total: number;
  className: string;
}

/** Said when a report answers with fewer rows than it found; nothing when it holds them all. */
export function CutNote({ screen, shown, total, className }: CutNoteProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (total <= shown) return null;
  return (
    <p className={className} role="note">
      {t(`${screen}.cut`, { shown: formatCount(shown, locale), total: formatCount(total, locale) })}
    </p>
  );
}
