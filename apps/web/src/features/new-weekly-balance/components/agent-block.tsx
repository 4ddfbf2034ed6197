import type { NewWeeklyBalanceBlock } from '@backline/contract/reports/new-weekly-balance';
import { useId, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Money } from '@/components/ui/money-cell';
import { BlockTable, type OpenDay } from './block-table';

interface AgentBlockProps {
  block: NewWeeklyBalanceBlock;
  /** Agents below this one have players in the report: its subtree totals are shown too. */
  hasAgentsBelow: boolean;
  startDate: string;
  expanded: boolean;
  onToggle: () => void;
  locale: string;
  onOpenDay: (day: OpenDay) => void;
}

/**
 * An agent of the subtree: its own players' totals always in view and, when agents below it have
 * players, the totals of its whole subtree; its players behind a disclosure button.
 */
export function AgentBlock(props: AgentBlockProps) {
  const { block, hasAgentsBelow, startDate, expanded, onToggle, locale, onOpenDay } = props;
  const { t } = useTranslation();
  const id = useId();
  const players = block.Players.length;
  return (
    <section
      className="agent-block card"
      aria-labelledby={`${id}-title`}
      style={{ '--depth': block.Depth } as CSSProperties}
    >
      <h2 className="agent-block__heading" id={`${id}-title`}>
        <button
          type="button"
          className="agent-block__toggle"
          aria-expanded={expanded}
          aria-controls={`${id}-players`}
          onClick={onToggle}
        >
          <span className="agent-block__chevron" aria-hidden="true" />
          <span className="agent-block__agent">
            <span className="agent-block__login">{block.Agent}</span>
            {block.Name && block.Name !== block.Agent && (
              <span className="agent-block__name">{block.Name}</span>
            )}
          </span>
          <span className="agent-block__count">
            {t('newWeeklyBalance.playerCount', { count: players })}
          </span>
        </button>
      </h2>
      <dl className="agent-block__totals">
        {block.Totals.map((total) => (
          <div key={total.Currency} className="agent-block__figure">
            <dt>
              {hasAgentsBelow ? t('newWeeklyBalance.ownWeek') : t('newWeeklyBalance.columns.week')}{' '}
              · {total.Currency}
            </dt>
            <dd>
              <Money minor={total.WeekTotal} currency={total.Currency} locale={locale} />
            </dd>
            <dt>{t('newWeeklyBalance.columns.ending')}</dt>
            <dd>
              <Money minor={total.Ending} currency={total.Currency} locale={locale} />
            </dd>
          </div>
        ))}
        {hasAgentsBelow &&
          block.SubtreeTotals.map((total) => (
            <div
              key={`subtree-${total.Currency}`}
              className="agent-block__figure agent-block__figure--subtree"
            >
              <dt>
                {t('newWeeklyBalance.subtreeWeek')} · {total.Currency}
              </dt>
              <dd>
                <Money minor={total.WeekTotal} currency={total.Currency} locale={locale} />
              </dd>
              <dt>{t('newWeeklyBalance.subtreeEnding')}</dt>
              <dd>
                <Money minor={total.Ending} currency={total.Currency} locale={locale} />
              </dd>
            </div>
          ))}
      </dl>
      <div id={`${id}-players`} hidden={!expanded}>
        {expanded && (
          <BlockTable
            caption={t('newWeeklyBalance.blockCaption', { agent: block.Agent })}
            startDate={startDate}
            players={block.Players}
            totals={block.Totals}
            totalsLabel={t('newWeeklyBalance.agentTotals', { agent: block.Agent })}
            locale={locale}
            onOpenDay={onOpenDay}
          />
        )}
      </div>
    </section>
  );
}
