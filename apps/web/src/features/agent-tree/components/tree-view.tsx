import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import type { TreeRow } from '../api/flatten-tree';
import type { useAgentTree } from '../api/use-agent-tree';
import { NodeSummary } from './node-summary';

const ROW_ESTIMATE = 64;

const keyOf = (row: TreeRow) =>
  row.kind === 'node' ? `${row.node.Kind}:${row.node.Id}` : `more:${row.parent}`;

interface TreeViewProps {
  label: string;
  tree: ReturnType<typeof useAgentTree>;
  /** A node found by the search, to bring into view and focus once its path is open. */
  focusKey: string | null;
  onFocused: () => void;
}

export function TreeView({ label, tree, focusKey, onFocused }: TreeViewProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const scrollRef = useRef<HTMLDivElement>(null);
  const { rows, expanded, loading } = tree;
  const [active, setActive] = useState(0);
  const [focusWanted, setFocusWanted] = useState(false);
  // The virtualizer hands back functions React Compiler must not memoize; it re-renders on scroll.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_ESTIMATE,
    overscan: 10,
    getItemKey: (i) => keyOf(rows[i]!),
  });
  const current = Math.min(active, rows.length - 1);

  useEffect(() => {
    if (focusKey === null) return;
    const index = rows.findIndex((r) => keyOf(r) === focusKey);
    if (index < 0) return;
    setActive(index);
    setFocusWanted(true);
    virtualizer.scrollToIndex(index, { align: 'center' });
    onFocused();
  }, [focusKey, rows, virtualizer, onFocused]);

  // The wanted row may only be drawn after the virtualizer scrolled to it: retry as items change.
  const items = virtualizer.getVirtualItems();
  useEffect(() => {
    if (!focusWanted) return;
    const el = scrollRef.current?.querySelector<HTMLElement>(`[data-index="${current}"]`);
    if (el) {
      el.focus();
      setFocusWanted(false);
    }
  }, [focusWanted, current, items]);

  const moveTo = (index: number) => {
    const next = Math.max(0, Math.min(rows.length - 1, index));
    setActive(next);
    setFocusWanted(true);
    virtualizer.scrollToIndex(next);
  };

  const activate = (row: TreeRow) => {
    if (row.kind === 'more') void tree.loadMore(row.parent);
    else if (row.node.Kind === 'player') {
      void navigate(`${paths.playerHistory}?idPlayer=${row.node.Id}`);
    } else if (expanded.has(row.node.Id)) tree.collapse(row.node.Id);
    else tree.expand(row.node.Id);
  };

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const row = rows[index];
    if (!row) return;
    const isAgent = row.kind === 'node' && row.node.Kind === 'agent';
    const isOpen = isAgent && row.kind === 'node' && expanded.has(row.node.Id);
    switch (event.key) {
      case 'ArrowDown':
        moveTo(index + 1);
        break;
      case 'ArrowUp':
        moveTo(index - 1);
        break;
      case 'Home':
        moveTo(0);
        break;
      case 'End':
        moveTo(rows.length - 1);
        break;
      case 'ArrowRight':
        if (isAgent && !isOpen && row.kind === 'node') tree.expand(row.node.Id);
        else if (isOpen) moveTo(index + 1);
        break;
      case 'ArrowLeft':
        if (isOpen && row.kind === 'node') tree.collapse(row.node.Id);
        else {
          // To the parent row: the nearest row above at a shallower level.
          for (let i = index - 1; i >= 0; i -= 1) {
            if (rows[i]!.level < row.level) {
              moveTo(i);
              break;
            }
          }
        }
        break;
      case 'Enter':
      case ' ':
        activate(row);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  return (
    <div ref={scrollRef} className="tree-scroll">
      <div
        role="tree"
        aria-label={label}
        className="tree"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {items.map((item) => {
          const row = rows[item.index]!;
          const common = {
            'data-index': item.index,
            ref: virtualizer.measureElement,
            tabIndex: item.index === current ? 0 : -1,
            onKeyDown: (e: KeyboardEvent) => onKeyDown(e, item.index),
            onFocus: () => setActive(item.index),
            style: { transform: `translateY(${item.start}px)`, paddingLeft: `${row.level * 16}px` },
            role: 'treeitem',
            'aria-level': row.level,
            onClick: () => activate(row),
          };
          if (row.kind === 'more') {
            return (
              <div key={item.key} {...common} className="tree-row tree-row--more">
                <span className="tree-row__more">
                  {loading.has(row.parent)
                    ? t('agentTree.loading')
                    : t('agentTree.loadMore', { shown: row.shown, total: row.total })}
                </span>
              </div>
            );
          }
          const isAgent = row.node.Kind === 'agent';
          const open = isAgent && expanded.has(row.node.Id);
          return (
            <div
              key={item.key}
              {...common}
              aria-expanded={isAgent ? open : undefined}
              aria-busy={isAgent && loading.has(row.node.Id) ? true : undefined}
              className={`tree-row tree-row--${row.node.Kind}`}
            >
              <span className="tree-row__toggle" aria-hidden="true">
                {isAgent ? (open ? '▾' : '▸') : '·'}
              </span>
              <NodeSummary node={row.node} />
            </div>
          );
        })}
      </div>
    </div>
  );
}
