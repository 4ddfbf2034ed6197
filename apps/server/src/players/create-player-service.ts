// An agent's new player: under itself or a sub-agent, with a first password it gives (checked by
// the password policy) or an access link e-mailed to the player. Recorded, and told to the
// platform in the same transaction; the link's mail goes once it is committed.
import type { api, ParsedBodyOf, PlayerAccount } from '@backline/contract';
import type { AgentAuth } from '../auth/auth-context.ts';
import { ACCESS_LINK_HOURS, issueAccessLink } from '../accounts/access-links.ts';
import { firstAccess } from '../accounts/first-access.ts';
import { entrantOf } from '../agents/entrant.ts';
import { agentInScope } from '../agents/scope.ts';
import type { Db } from '../db/query.ts';
import { ValidationError } from '../errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import { accessLinkMail, langOf } from '../mail/messages.ts';
import { selectAccount } from '../reports/players/player-account-repository.ts';
import { accountOf } from '../reports/players/player-account-service.ts';
import { auditAgent, type Caller } from '../security/audit-repository.ts';
import type { Outbox } from '../webhooks/outbox.ts';
import { addPlayer } from './new-player.ts';

export function createPlayerCreateService(deps: {
  db: Db;
  mailer: Mailer;
  outbox?: Outbox;
  now: () => Date;
}) {
  const { db, mailer, now } = deps;

  async function create(
    auth: AgentAuth,
    req: ParsedBodyOf<typeof api.createPlayer>,
    caller: Caller,
  ): Promise<{ Player: PlayerAccount; AccessLinkSent: boolean }> {
    const agent = await agentInScope(db, auth, req.idAgent);
    // A link goes to the player's own address, which the form may otherwise leave out.
    if (req.access === 'link' && req.email === undefined)
      throw new ValidationError('field_required', { field: 'email' });
    const { passwordHash, origin } = await firstAccess(db, auth.siteId, req);
    const at = now();
    const createdBy = await entrantOf(db, auth);
    const made = await db.transaction(async (tx) => {
      const player = await addPlayer(tx, {
        siteId: auth.siteId,
        agentId: agent.id,
        login: req.login,
        name: req.name,
        email: req.email ?? null,
        passwordHash,
        createdAt: at,
      });
      const link =
        origin === null
          ? null
          : await issueAccessLink(tx, {
              siteId: auth.siteId,
              login: player.login,
              origin,
              now: at,
            });
      await auditAgent(tx, auth, {
        action: 'player.created',
        targetKind: 'player',
        targetId: player.id,
        address: caller.address,
        requestId: caller.requestId,
        details: { actingFor: auth.agentId, agent: player.agent, access: req.access },
      });
      await deps.outbox?.record(tx, {
        siteId: auth.siteId,
        type: 'player.created',
        playerId: player.id,
        at,
        data: {
          Player: player.login,
          Name: req.name,
          Email: req.email ?? null,
          Agent: player.agent,
          Currency: player.currency,
          CreatedBy: createdBy,
        },
      });
      return { player, link, account: (await selectAccount(tx, player.id, at))! };
    });
    if (made.link !== null)
      await mailer.send(
        accessLinkMail(
          langOf(made.account.language),
          auth.siteId,
          req.email!,
          made.player.login,
          made.link,
          ACCESS_LINK_HOURS,
        ),
      );
    return { Player: accountOf(made.account), AccessLinkSent: made.link !== null };
  }

  return { create };
}

export type PlayerCreateService = ReturnType<typeof createPlayerCreateService>;
