import { RIGHTS } from '@backline/contract/core/enums';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { allowedNavGroups, currentNavItem, NAV_GROUPS, NAV_ITEMS } from './nav-items';

describe('allowedNavGroups', () => {
  it('gives the master every screen, in DESIGN.md order of groups', () => {
    const groups = allowedNavGroups(RIGHTS, true);
    expect(groups.map((g) => g.key)).toEqual([...NAV_GROUPS]);
    expect(groups.flatMap((g) => g.items)).toHaveLength(NAV_ITEMS.length);
    expect(groups.find((g) => g.key === 'risk')?.items.map((i) => i.to)).toEqual([
      paths.live,
      paths.position,
      paths.hold,
      paths.alerts,
      paths.beatTheLine,
      paths.actionByPlayer,
    ]);
  });

  it('hides screens without their rights and groups left empty', () => {
    const groups = allowedNavGroups([], false);
    expect(groups.map((g) => g.key)).toEqual(['account']);
    expect(groups[0]?.items.map((i) => i.to)).toEqual([
      paths.agentNotifications,
      paths.changePassword,
      paths.security,
      paths.sessions,
    ]);
  });

  it('keeps sign-ups and integration to the master and delete wager to agents who may delete', () => {
    const items = allowedNavGroups(['viewReports', 'manageAgents'], false).flatMap((g) => g.items);
    const shown = items.map((i) => i.to);
    expect(shown).not.toContain(paths.agentSignUps);
    expect(shown).not.toContain(paths.integration);
    expect(shown).not.toContain(paths.deleteWager);
    expect(shown).not.toContain(paths.changeAgentPassword);
    expect(shown).toContain(paths.wagerCenter);
  });
});

describe('currentNavItem', () => {
  it('finds the screen whatever the case of the address', () => {
    const groups = allowedNavGroups(RIGHTS, true);
    expect(currentNavItem(groups, '/BeatTheLine')?.to).toBe(paths.beatTheLine);
    expect(currentNavItem(groups, '/WeeklyBalance')?.group).toBe('figures');
    expect(currentNavItem(groups, '/nowhere')).toBeUndefined();
  });
});
