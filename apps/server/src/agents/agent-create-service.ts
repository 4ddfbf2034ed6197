// An agent's new sub-agent, made from the tree: under itself or an agent below it, on the path an
// approved sign-up takes (new-agent.ts), with a first password it gives (checked by the password
// policy) or an access link e-mailed to the agent; the link's mail goes once it is committed.
import type { api, CreatedAgent, ParsedBodyOf, Right } from '@backline/contract';
import type { AgentAuth } from '../auth/auth-context.ts';
import { ACCESS_LINK_HOURS, issueAccessLink } from '../accounts/access-links.ts';
import { firstAccess } from '../accounts/first-access.ts';
import type { Db } from '../db/query.ts';
import { NotFoundError } from '../errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import { accessLinkMail, langOf } from '../mail/messages.ts';
import type { Caller } from '../security/audit-repository.ts';
import type { Outbox } from '../webhooks/outbox.ts';
import { entrantOf } from './entrant.ts';
import { addAgent, parentChoice, parentFor, parentsFor } from './new-agent.ts';

export function createAgentCreateService(deps: {
  db: Db;
  mailer: Mailer;
  outbox?: Outbox;
  now: () => Date;
}) {
  const { db, mailer, now } = deps;

  async function parents(auth: AgentAuth) {
    return { Parents: (await parentsFor(db, auth)).map((p) => parentChoice(auth, p)) };
  }

  async function create(
    auth: AgentAuth,
    req: ParsedBodyOf<typeof api.createAgent>,
    caller: Caller,
  ): Promise<{ Agent: CreatedAgent; AccessLinkSent: boolean }> {
    const { passwordHash, origin } = await firstAccess(db, auth.siteId, req);
    const at = now();
    const language = langOf(req.language);
    const createdBy = await entrantOf(db, auth);
    const made = await db.transaction(async (tx) => {
      const idParent = req.idAgent ?? auth.agentId;
      const parent = await parentFor(tx, auth, idParent);
      // Outside the caller's tree (or site) a parent is answered exactly as one that does not exist.
      if (!parent) throw new NotFoundError('agent_not_found', { agent: idParent });
      const agent = await addAgent(tx, {
        auth,
        caller,
        outbox: deps.outbox,
        parent,
        terms: {
          rights: req.rights,
          creditLimitCap: req.creditLimitCap,
          maxWagerCap: req.maxWagerCap,
        },
        names: { creditLimitCap: 'creditLimitCap', maxWagerCap: 'maxWagerCap' },
        login: req.login,
        name: req.name,
        email: req.email,
        passwordHash,
        language,
        createdBy,
        via: 'tree',
        at,
      });
      const link =
        origin === null
          ? null
          : await issueAccessLink(tx, { siteId: auth.siteId, login: agent.login, origin, now: at });
      return { agent, parent, link };
    });
    if (made.link !== null)
      await mailer.send(
        accessLinkMail(
          language,
          auth.siteId,
          made.agent.email,
          made.agent.login,
          made.link,
          ACCESS_LINK_HOURS,
        ),
      );
    const a = made.agent;
    return {
      Agent: {
        IdAgent: a.id,
        Login: a.login,
        Name: a.name,
        IdParent: a.parentId,
        Depth: a.depth,
        Parent: made.parent.login,
        Email: a.email,
        Currency: a.currency,
        Rights: a.rights as Right[],
        CreditLimitCap: a.creditLimitCap ?? 0,
        MaxWagerCap: a.maxWagerCap ?? 0,
      },
      AccessLinkSent: made.link !== null,
    };
  }

  return { parents, create };
}

export type AgentCreateService = ReturnType<typeof createAgentCreateService>;
