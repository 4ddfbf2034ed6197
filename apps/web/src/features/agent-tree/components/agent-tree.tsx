import type { TreeNode } from '@backline/contract/reports/agent-tree';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '@/components/export/export-button';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { TableSkeleton } from '@/components/ui/table-skeleton';
import { useErrorMessage } from '@/lib/errors';
import { formatDayRange, useLocale } from '@/lib/format';
import { useAgentStore } from '@/stores/agent-store';
import { refreshSubAgents } from '../api/create-agent';
import { useTreeSearch } from '../api/search-tree';
import { useAgentTree } from '../api/use-agent-tree';
import { NewAgent } from './new-agent';
import { NodeSummary } from './node-summary';
import { TreeView } from './tree-view';
import './agent-tree.css';

export function AgentTree() {
  const { t } = useTranslation();
  const locale = useLocale();
  const errorMessage = useErrorMessage();
  const tree = useAgentTree();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const found = useTreeSearch(search);
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const canCreate = useAgentStore((s) => s.rights.includes('manageAgents'));
  const [creating, setCreating] = useState(false);

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setSearch(text.trim());
  };
  const pick = (node: TreeNode) => {
    void tree.reveal(node).then(() => setFocusKey(`${node.Kind}:${node.Id}`));
  };
  // A new agent: the branches on screen are read again, then its parent opened and it focused.
  const created = (node: TreeNode) => {
    setCreating(false);
    void refreshSubAgents();
    void tree.refresh().then(() => pick(node));
  };

  if (tree.root.isPending) return <TableSkeleton label={t('agentTree.loading')} />;
  if (tree.root.isError) {
    return (
      <ErrorState
        message={errorMessage(tree.root.error)}
        onRetry={() => void tree.root.refetch()}
      />
    );
  }
  const { Root, StartDate, EndDate } = tree.root.data;

  return (
    <section className="report agent-tree" aria-labelledby="agent-tree-title">
      <header className="agent-tree__head">
        <h1 id="agent-tree-title">{t('agentTree.title')}</h1>
        <p className="agent-tree__week">
          {t('agentTree.week', { range: formatDayRange(StartDate, EndDate, locale) })}
        </p>
        <div className="agent-tree__actions">
          {canCreate && (
            <button
              type="button"
              className="button button--primary"
              aria-expanded={creating}
              onClick={() => setCreating((open) => !open)}
            >
              {t('agentTree.new.open')}
            </button>
          )}
          <ExportButton target={{ report: 'agentTree', filters: { idAgent: Root.Id } }} />
        </div>
      </header>
      {creating && <NewAgent onCreated={created} onCancel={() => setCreating(false)} />}
      <form className="agent-tree__search" role="search" onSubmit={onSearch}>
        <label htmlFor="agent-tree-search">{t('agentTree.search')}</label>
        <input
          id="agent-tree-search"
          type="search"
          value={text}
          maxLength={64}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className="button button--primary">
          {t('agentTree.searchButton')}
        </button>
        {search && (
          <button
            type="button"
            className="button"
            onClick={() => {
              setText('');
              setSearch('');
            }}
          >
            {t('agentTree.clear')}
          </button>
        )}
      </form>
      {search && (
        <div className="agent-tree__results" aria-live="polite">
          {found.isPending ? (
            <p>{t('agentTree.loading')}</p>
          ) : found.isError ? (
            <ErrorState message={errorMessage(found.error)} onRetry={() => void found.refetch()} />
          ) : found.data.Nodes.length === 0 ? (
            <EmptyState message={t('agentTree.noMatch', { search })} />
          ) : (
            <>
              {found.data.Truncated && (
                <p>{t('agentTree.truncated', { count: found.data.Nodes.length })}</p>
              )}
              <ul>
                {found.data.Nodes.map((n) => (
                  <li key={`${n.Kind}:${n.Id}`}>
                    <button type="button" className="button" onClick={() => pick(n)}>
                      <span className="agent-tree__kind">
                        {t(n.Kind === 'agent' ? 'agentTree.agent' : 'agentTree.player')}
                      </span>{' '}
                      {n.Login}
                      {n.Name && n.Name !== n.Login ? ` — ${n.Name}` : ''}
                    </button>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
      {tree.error !== null && (
        <ErrorState message={errorMessage(tree.error)} onRetry={tree.clearError} />
      )}
      <div className="tree-row tree-row--root">
        <NodeSummary node={Root} />
      </div>
      {tree.rows.length === 0 ? (
        <EmptyState message={t('agentTree.empty')} />
      ) : (
        <TreeView
          label={t('agentTree.treeLabel', { login: Root.Login })}
          tree={tree}
          focusKey={focusKey}
          onFocused={() => setFocusKey(null)}
        />
      )}
    </section>
  );
}
