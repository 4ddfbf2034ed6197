// Notifications of the view agent (the signed-in agent, or the sub-agent it acts for): lists,
// marking viewed, sending down the tree, and the live stream opened with a single-use ticket.
import type { Readable } from 'node:stream';
import {
  NOTIFICATION_LIST_LIMIT,
  NOTIFICATION_STREAM_TICKET_SECONDS,
  type Notification,
  type NotificationList,
  type api,
  type ParsedBodyOf,
} from '@backline/contract';
import type { AgentAuth } from '../auth/auth-context.ts';
import { agentInScope } from '../agents/scope.ts';
import { ForbiddenError, NotFoundError } from '../errors.ts';
import { createNotificationHub, toNotification } from './notification-hub.ts';
import * as repo from './notifications-repository.ts';
import { createStreamTickets } from './stream-tickets.ts';

export function createNotificationsService(deps: Parameters<typeof createNotificationHub>[0]) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const hub = createNotificationHub(deps);
  const tickets = createStreamTickets(deps, {
    prefix: '',
    seconds: NOTIFICATION_STREAM_TICKET_SECONDS,
  });

  async function list(auth: AgentAuth, seen: boolean): Promise<NotificationList> {
    const rows = await repo.selectList(db, {
      siteId: auth.siteId,
      agentId: auth.agentId,
      seen,
      limit: NOTIFICATION_LIST_LIMIT,
    });
    return { Notifications: rows.map(toNotification), Total: rows[0]?.total ?? 0 };
  }

  async function unseenCount(agentId: number): Promise<number> {
    return (await repo.countUnseen(db, [agentId])).get(agentId) ?? 0;
  }

  /** 404 alike for a notification that does not exist and one addressed to someone else. */
  async function markViewed(auth: AgentAuth, id: number): Promise<{ Ok: true; Unseen: number }> {
    const agentId = auth.agentId;
    if (!(await repo.isAddressed(db, { siteId: auth.siteId, agentId, id }))) {
      throw new NotFoundError('notification_not_found', { notification: id });
    }
    await repo.insertView(db, { agentId, id, at: now() });
    void hub.recountAgents([agentId]);
    return { Ok: true, Unseen: await unseenCount(agentId) };
  }

  async function markAllViewed(
    auth: AgentAuth,
  ): Promise<{ Ok: true; Marked: number; Unseen: number }> {
    const agentId = auth.agentId;
    const marked = await repo.insertAllViews(db, { siteId: auth.siteId, agentId, at: now() });
    void hub.recountAgents([agentId]);
    return { Ok: true, Marked: marked, Unseen: await unseenCount(agentId) };
  }

  /** Down the caller's own tree only; the whole site only from a master agent of the site. */
  async function insert(
    auth: AgentAuth,
    input: ParsedBodyOf<typeof api.insertNotification>,
    requestId: string,
  ): Promise<Notification> {
    const sender = auth.agentId;
    let target: number | null = null;
    if (input.idAgent === undefined) {
      if (!(await repo.isRootAgent(db, { siteId: auth.siteId, agentId: sender }))) {
        throw new ForbiddenError('notify_site_master_only');
      }
    } else {
      target = (await agentInScope(db, auth, input.idAgent)).id;
    }
    const row = await repo.insertNotification(
      db,
      {
        siteId: auth.siteId,
        agentId: target,
        includeSubtree: target !== null && input.includeSubtree,
        createdBy: sender,
        title: input.Title,
        body: input.Body,
        createdAt: now(),
      },
      {
        actorId: auth.selfAgentId,
        requestId,
        details: { ActingFor: sender, IdAgent: target, IncludeSubtree: input.includeSubtree },
      },
    );
    hub.wake();
    return toNotification(row);
  }

  /** Uses the ticket up and returns the event stream of its agent; 401 for a missing or spent ticket. */
  function openStream(ticket: string | undefined, lastEventId?: number): Promise<Readable> {
    return tickets.open(ticket, (holder, write, end) =>
      hub.subscribe(
        {
          ...holder,
          send: (event, data, id) =>
            write(
              `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`,
            ),
          end,
        },
        lastEventId,
      ),
    );
  }

  return {
    unseen: (auth: AgentAuth) => list(auth, false),
    seen: (auth: AgentAuth) => list(auth, true),
    markViewed,
    markAllViewed,
    insert,
    issueTicket: tickets.issue,
    openStream,
    /** Ends every open stream, so the server can close. */
    close: () => hub.close(),
    get openStreams() {
      return hub.size;
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
