// The platform's administrative acts in the audit log (issue 20): agents and players made, renamed,
// moved, suspended or closed, payments and free play, each in its event's own transaction. Wagers
// placed and graded are not: the feed's log and the ledger keep those.
import type { PlatformEvent } from '@backline/contract';
import type { Executor } from '../db/query.ts';
import { audit } from '../security/audit-repository.ts';
import * as repo from './feed-repository.ts';

type Audited = { action: string; target: 'agent' | 'player'; login: (data: never) => string };

const AUDITED: Partial<Record<PlatformEvent['Type'], Audited>> = {
  'agent.created': {
    action: 'agent.created',
    target: 'agent',
    login: (d: { Agent: string }) => d.Agent,
  },
  'agent.renamed': {
    action: 'agent.renamed',
    target: 'agent',
    login: (d: { Agent: string }) => d.Agent,
  },
  'agent.moved': {
    action: 'agent.moved',
    target: 'agent',
    login: (d: { Agent: string }) => d.Agent,
  },
  'agent.deactivated': {
    action: 'agent.status',
    target: 'agent',
    login: (d: { Agent: string }) => d.Agent,
  },
  'player.created': {
    action: 'player.created',
    target: 'player',
    login: (d: { Player: string }) => d.Player,
  },
  'player.updated': {
    action: 'player.profile',
    target: 'player',
    login: (d: { Player: string }) => d.Player,
  },
  'player.moved': {
    action: 'player.moved',
    target: 'player',
    login: (d: { Player: string }) => d.Player,
  },
  'player.suspended': {
    action: 'player.status',
    target: 'player',
    login: (d: { Player: string }) => d.Player,
  },
  'player.reinstated': {
    action: 'player.status',
    target: 'player',
    login: (d: { Player: string }) => d.Player,
  },
  'player.closed': {
    action: 'player.status',
    target: 'player',
    login: (d: { Player: string }) => d.Player,
  },
  'payment.posted': {
    action: 'payment.player',
    target: 'player',
    login: (d: { Player: string }) => d.Player,
  },
  'freeplay.granted': {
    action: 'free_play.entered',
    target: 'player',
    login: (d: { Player: string }) => d.Player,
  },
};

/** Writes the event's audit row, once it is applied, if it is an administrative one. */
export async function auditFeedEvent(
  tx: Executor,
  caller: { siteId: number; keyId: number },
  event: PlatformEvent,
  at: Date,
): Promise<void> {
  const audited = AUDITED[event.Type];
  if (!audited) return;
  const login = audited.login(event.Data as never);
  const target =
    audited.target === 'agent'
      ? await repo.agentByLogin(tx, caller.siteId, login)
      : await repo.playerByLogin(tx, caller.siteId, login);
  await audit(tx, {
    siteId: caller.siteId,
    actorKind: 'platform',
    actorId: caller.keyId,
    action: audited.action,
    targetKind: audited.target,
    ...(target ? { targetId: target.id } : {}),
    at,
    details: { event: event.Type, eventId: event.EventId, ...event.Data },
  });
}
