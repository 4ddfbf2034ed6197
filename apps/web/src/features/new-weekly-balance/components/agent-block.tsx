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
          <BlockFigure
            key={total.Currency}
            total={total}
            week={t(hasAgentsBelow ? 'newWeeklyBalance.ownWeek' : 'newWeeklyBalance.columns.week')}
            ending={t('newWeeklyBalance.columns.ending')}
            locale={locale}
          />
        ))}
        {hasAgentsBelow &&
          block.SubtreeTotals.map((total) => (
            <BlockFigure
              key={`subtree-${total.Currency}`}
              total={total}
              week={t('newWeeklyBalance.subtreeWeek')}
              ending={t('newWeeklyBalance.subtreeEnding')}
              locale={locale}
              subtree
            />
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

interface BlockFigureProps {
  total: NewWeeklyBalanceBlock['Totals'][number];
  week: string;
  ending: string;
  locale: string;
  /** The totals of the agent's whole subtree, set apart from its own players'. */
  subtree?: boolean;
}

/** One currency's week and ending balance, of the agent's own players or of its subtree. */
function BlockFigure({ total, week, ending, locale, subtree = false }: BlockFigureProps) {
  const money = { currency: total.Currency, locale };
  return (
    <div
      className={
        subtree ? 'agent-block__figure agent-block__figure--subtree' : 'agent-block__figure'
      }
    >
      <dt>
        {week} · {total.Currency}
      </dt>
      <dd>
        <Money {...money} minor={total.WeekTotal} />
      </dd>
      <dt>{ending}</dt>
      <dd>
        <Money {...money} minor={total.Ending} />
      </dd>
    </div>
  );
}
