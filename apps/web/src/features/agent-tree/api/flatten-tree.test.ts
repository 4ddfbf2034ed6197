import type { TreeNode } from '@backline/contract/reports/agent-tree';
import { describe, expect, it } from 'vitest';
import { flattenTree, mergeNodes, type Branch } from './flatten-tree';

const node = (Kind: 'agent' | 'player', Id: number, IdParent: number): TreeNode => ({
  Kind,
  Id,
  IdParent,
  Login: `${Kind}${Id}`,
  Name: '',
  Active: true,
  Agents: 0,
  Players: 0,
  Figures: [],
  Path: [],
});

const branches = new Map<number, Branch>([
  [1, { nodes: [node('agent', 2, 1), node('player', 10, 1)], page: 1, playersTotal: 3 }],
  [2, { nodes: [node('player', 20, 2)], page: 1, playersTotal: 1 }],
]);

describe('flattenTree', () => {
  it('lists a collapsed agent without its children and offers more players', () => {
    const rows = flattenTree(1, branches, new Set());
    expect(rows.map((r) => (r.kind === 'node' ? r.node.Login : `more:${r.parent}`))).toEqual([
      'agent2',
      'player10',
      'more:1',
    ]);
  });

  it('places an expanded agent’s children right below it, one level deeper', () => {
    const rows = flattenTree(1, branches, new Set([2]));
    expect(rows.map((r) => [r.kind === 'node' ? r.node.Login : 'more', r.level])).toEqual([
      ['agent2', 1],
      ['player20', 2],
      ['player10', 1],
      ['more', 1],
    ]);
  });

  it('shows an expanded agent whose children are not loaded yet as a leaf', () => {
    const rows = flattenTree(1, new Map([[1, branches.get(1)!]]), new Set([2]));
    expect(rows).toHaveLength(3);
  });
});

describe('mergeNodes', () => {
  it('keeps each node once', () => {
    const merged = mergeNodes(
      [node('player', 10, 1)],
      [node('player', 10, 1), node('player', 11, 1)],
    );
    expect(merged.map((n) => n.Id)).toEqual([10, 11]);
  });

  it('tells an agent and a player with the same id apart', () => {
    expect(mergeNodes([node('agent', 5, 1)], [node('player', 5, 1)])).toHaveLength(2);
  });
});
