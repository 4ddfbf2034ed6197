import type { Wager } from '@backline/contract/reports/wagers';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Dialog } from '@/components/ui/dialog';
import { BusyStatus, ErrorState } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { useErrorMessage } from '@/lib/errors';
import { useAgentStore } from '@/stores/agent-store';
import { useWagerGameScore } from '../api/get-wager-game-score';
import { GameScores } from './game-scores';
import { WagerLegs } from './wager-legs';
import { WagerSummary } from './wager-summary';

interface WagerDetailDialogProps {
  idWager: number;
  /** The list's copy, shown at once while the wager and its scores are fetched. */
  initial?: Wager;
  locale: string;
  onClose: () => void;
}

export function WagerDetailDialog({ idWager, initial, locale, onClose }: WagerDetailDialogProps) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const timeZone = useAgentStore((s) => s.site?.TimeZone ?? 'UTC');
  const mayDelete = useAgentStore((s) => s.rights.includes('deleteWagers'));
  const query = useWagerGameScore(idWager);
  const wager = query.data?.Wager ?? initial;
  const title = t('wagers.detail.title', { ticket: wager?.Ticket ?? `#${idWager}` });

  return (
    <Dialog title={title} onClose={onClose}>
      {wager ? (
        <>
          <WagerSummary wager={wager} locale={locale} timeZone={timeZone} />
          <h3 className="dialog__section">{t('wagers.detail.legs')}</h3>
          <WagerLegs
            legs={wager.Legs}
            locale={locale}
            timeZone={timeZone}
            caption={t('wagers.detail.legsCaption', { ticket: wager.Ticket })}
          />
          <h3 className="dialog__section">{t('wagers.detail.scores')}</h3>
          <GameScores query={query} locale={locale} timeZone={timeZone} />
          {mayDelete && !wager.Deleted && (
            <div className="dialog__actions">
              <Link
                className="button button--danger"
                to={`${paths.deleteWager}?idWager=${wager.IdWager}`}
              >
                {t('wagers.detail.delete')}
              </Link>
            </div>
          )}
        </>
      ) : query.isError ? (
        <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
      ) : (
        <BusyStatus message={t('wagers.detail.loading')} />
      )}
    </Dialog>
  );
}
