// An agent manages the access of the accounts below it: sets a password, sees whether a sub-agent
// can sign in, e-mails a sub-agent a one-time link. Only inside its own subtree.
import type { api, ParsedBodyOf, ParsedQueryOf } from '@backline/contract';
import type { AgentAuth } from '../auth/auth-context.ts';
import { hashPassword } from '../auth/password.ts';
import { agentInScope, playerInScope } from '../agents/scope.ts';
import { selectAgentUnderByEmail } from '../agents/agents-repository.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../errors.ts';
import { auditAgent } from '../security/audit-repository.ts';
import { accessLinkMail, langOf } from '../mail/messages.ts';
import * as repo from './accounts-repository.ts';
import { checkNewPassword } from './password-policy.ts';
import { putPassword, type PasswordServiceDeps } from './password-put.ts';
import {
  ACCESS_LINK_HOURS,
  allowedOriginOf,
  issueAccessLink,
  revokeAccessLinks,
} from './access-links.ts';
import type { Caller } from './password-change-service.ts';

export function createAgentPasswordsService({ db, mailer, now, outbox }: PasswordServiceDeps) {
  /** A sub-agent strictly below the caller's view agent: its own password goes through ChangePassword. */
  async function subAgent(auth: AgentAuth, idAgent: number) {
    if (idAgent === auth.agentId) {
      throw new ForbiddenError('own_password_elsewhere');
    }
    await agentInScope(db, auth, idAgent);
    const account = await repo.findAccount(db, 'agent', idAgent);
    if (!account) throw new NotFoundError('agent_not_found', { agent: idAgent });
    return account;
  }

  async function changePassword(
    { auth, address, requestId }: Caller<AgentAuth>,
    input: ParsedBodyOf<typeof api.changeAgentsPassword>,
  ) {
    const account =
      'IdAgent' in input
        ? await subAgent(auth, input.IdAgent)
        : await (async () => {
            await playerInScope(db, auth, input.IdPlayer);
            return (await repo.findAccount(db, 'player', input.IdPlayer))!;
          })();
    await checkNewPassword(input.NewPassword, account.passwordHash, 'NewPassword', [
      account.login,
      account.email,
    ]);
    const hash = await hashPassword(input.NewPassword);
    const at = now();
    await db.transaction((tx) =>
      putPassword(tx, outbox, {
        siteId: auth.siteId,
        account,
        hash,
        at,
        by: { kind: 'agent', agentId: auth.selfAgentId, login: auth.agentLogin },
        keepSessionId: null,
        address,
        requestId,
      }),
    );
    return { Ok: true as const };
  }

  async function onlineStatus(auth: AgentAuth, idAgent: number) {
    const account = await subAgent(auth, idAgent);
    return {
      IdAgent: account.id,
      Login: account.login,
      Email: account.email ?? '',
      HasOnlineAccess: account.active && account.passwordHash !== null,
    };
  }

  async function sendAccessLink(
    { auth, address, requestId }: Caller<AgentAuth>,
    input: ParsedQueryOf<typeof api.getAgentOnlinePasswordByEmail>,
  ) {
    const origin = await allowedOriginOf(db, auth.siteId, input.currentURL);
    // An agent of another tree is answered exactly as an address nobody has (item 15).
    const target = await selectAgentUnderByEmail(db, {
      siteId: auth.siteId,
      ancestorId: auth.agentId,
      email: input.email,
    });
    if (!target) throw new NotFoundError('agent_email_not_found', { email: input.email });
    const account = await subAgent(auth, target.id);
    if (!account.active) throw new ValidationError('agent_inactive');
    const at = now();
    const link = await db.transaction(async (tx) => {
      await revokeAccessLinks(tx, auth.siteId, account.login, at);
      const href = await issueAccessLink(tx, {
        siteId: auth.siteId,
        login: account.login,
        origin,
        now: at,
      });
      await auditAgent(tx, auth, {
        action: 'access_link.sent',
        targetKind: 'agent',
        targetId: account.id,
        address,
        requestId,
      });
      return href;
    });
    await mailer.send(
      accessLinkMail(
        langOf(account.language),
        auth.siteId,
        account.email!,
        account.login,
        link,
        ACCESS_LINK_HOURS,
      ),
    );
    return { Ok: true as const };
  }

  return { changePassword, onlineStatus, sendAccessLink };
}

export type AgentPasswordsService = ReturnType<typeof createAgentPasswordsService>;
