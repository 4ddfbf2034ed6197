import type {
  PlayerAnalysis,
  PlayerAnalysisPeriod,
} from '@backline/contract/calls/player-analysis';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Money } from '@/components/ui/money-cell';
import { formatCount, formatDayRange, formatDecimal, formatPercent } from '@/lib/format';

interface ClvProps {
  clv: PlayerAnalysisPeriod['Clv'];
  scoring: PlayerAnalysis['Scoring'];
  locale: string;
}

/** Beat the line's CLV score, or why it is not given: too few graded legs to mean anything. */
function ClvScore({ clv, scoring, locale }: ClvProps) {
  const { t } = useTranslation();
  const legs = { legs: formatCount(clv.Legs, locale), min: formatCount(scoring.MinLegs, locale) };
  if (!clv.Enough || clv.Score === null)
    return (
      <>
        <span className="player-analysis__few">{t('player.analysis.notEnoughLegs')}</span>{' '}
        <span className="player-analysis__sub">{t('player.analysis.legsOfMin', legs)}</span>
      </>
    );
  const tone = clv.Score > 0 ? 'positive' : clv.Score < 0 ? 'negative' : 'zero';
  return (
    <>
      <span className={`money money--${tone}`}>
        {t('player.analysis.cents', { score: formatDecimal(clv.Score, locale, 1) })}
      </span>
      {clv.Sharp && (
        <>
          {' '}
          <span className="player-analysis__sharp">{t('player.analysis.sharp')}</span>
        </>
      )}{' '}
      <span className="player-analysis__sub">{t('player.analysis.overLegs', legs)}</span>
    </>
  );
}

interface PeriodProps {
  period: PlayerAnalysisPeriod;
  analysis: PlayerAnalysis;
  locale: string;
}

/** One period's figures: handle, net, hold, wagers graded and the CLV score. */
function PeriodCard({ period: p, analysis, locale }: PeriodProps) {
  const { t } = useTranslation();
  const id = useId();
  const currency = analysis.Currency;
  const span =
    p.StartDate === null
      ? t('player.analysis.everyWager')
      : formatDayRange(p.StartDate, p.EndDate, locale);
  return (
    <section className="card player-analysis__period" aria-labelledby={id}>
      <h2 id={id} className="player-analysis__title">
        {t(`player.analysis.periods.${p.Period}`)}
        <span className="player-analysis__span">{span}</span>
      </h2>
      <dl className="player-analysis__figures">
        <dt>{t('player.analysis.figures.handle')}</dt>
        <dd>
          <Money minor={p.Handle} currency={currency} locale={locale} neutral />
        </dd>
        <dt>{t('player.analysis.figures.net')}</dt>
        <dd>
          <Money minor={p.Net} currency={currency} locale={locale} />
        </dd>
        <dt>{t('player.analysis.figures.hold')}</dt>
        <dd>{p.Hold === null ? '—' : formatPercent(p.Hold, locale)}</dd>
        <dt>{t('player.analysis.figures.wagers')}</dt>
        <dd>{formatCount(p.Wagers, locale)}</dd>
        <dt>{t('player.analysis.figures.clv')}</dt>
        <dd>
          <ClvScore clv={p.Clv} scoring={analysis.Scoring} locale={locale} />
        </dd>
      </dl>
    </section>
  );
}

export function AnalysisPeriods({
  analysis,
  locale,
}: {
  analysis: PlayerAnalysis;
  locale: string;
}) {
  return (
    <div className="player-analysis__periods">
      {analysis.Periods.map((p) => (
        <PeriodCard key={p.Period} period={p} analysis={analysis} locale={locale} />
      ))}
    </div>
  );
}
