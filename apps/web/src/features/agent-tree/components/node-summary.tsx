import type { TreeNode } from '@backline/contract/reports/agent-tree';
import { useTranslation } from 'react-i18next';
import { Money } from '@/components/ui/money-cell';
import { useLocale } from '@/lib/format';

/** A node's name, counts and, per currency, this week's figure and balance. */
export function NodeSummary({ node }: { node: TreeNode }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <>
      <span className="tree-node__name">
        <strong>{node.Login}</strong>
        {node.Name && node.Name !== node.Login && <span> {node.Name}</span>}
        {!node.Active && <em className="tree-node__inactive"> ({t('agentTree.inactive')})</em>}
        {node.Kind === 'agent' && (
          <span className="tree-node__counts">
            {t('agentTree.agents', { count: node.Agents })}
            {' · '}
            {t('agentTree.players', { count: node.Players })}
          </span>
        )}
      </span>
      <span className="tree-node__figures">
        {node.Figures.map((f) => (
          <span key={f.Currency} className="tree-node__figure">
            <span className="tree-node__label">{t('agentTree.thisWeek')}</span>
            <Money minor={f.ThisWeek} currency={f.Currency} locale={locale} />
            <span className="tree-node__label">{t('agentTree.balance')}</span>
            <Money minor={f.Balance} currency={f.Currency} locale={locale} />
          </span>
        ))}
      </span>
    </>
  );
}
