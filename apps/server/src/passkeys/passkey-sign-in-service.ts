// The log-in's second step with a passkey (issue 20 item 2): after the password, the agent's
// passkeys are offered under a WebAuthn challenge kept on the step's row, and an assertion that the
// relying party accepts spends the step and opens the session (auth/second-step-service.ts).
import {
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
} from '@simplewebauthn/server';
import type { LoginResponse, PasskeyRequestOptions, api, ParsedBodyOf } from '@backline/contract';
import type { ChallengeRow, SecondStepService } from '../auth/second-step-service.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/query.ts';
import { UnauthorizedError, ValidationError } from '../errors.ts';
import { audit } from '../security/audit-repository.ts';
import * as repo from './passkeys-repository.ts';
import {
  CEREMONY_TIMEOUT_MS,
  descriptor,
  knownTransports,
  originsFor,
  type RelyingParty,
} from './relying-party.ts';

export function createPasskeySignInService({
  db,
  now,
  rp,
  secondStep,
}: {
  db: Db;
  now: Clock;
  rp: RelyingParty;
  secondStep: Pick<
    SecondStepService,
    'liveChallenge' | 'storeWebauthnChallenge' | 'completeSecondStep' | 'failSecondStep'
  >;
}) {
  /** The log-in's second step: the agent's passkeys to choose from, under a new WebAuthn challenge. */
  async function signInOptions(
    input: ParsedBodyOf<typeof api.secondStepPasskeyOptions>,
  ): Promise<{ Options: PasskeyRequestOptions }> {
    const row = await secondStep.liveChallenge(input.Challenge);
    const keys = await repo.selectPasskeys(db, row.agentId);
    if (keys.length === 0) throw new ValidationError('passkey_none');
    const options = await generateAuthenticationOptions({
      rpID: rp.rpId,
      allowCredentials: keys.map(descriptor),
      userVerification: 'preferred',
      timeout: CEREMONY_TIMEOUT_MS,
    });
    await secondStep.storeWebauthnChallenge(row, options.challenge);
    // The library types transports as any string: the contract's list is the known ones.
    return { Options: { ...options, allowCredentials: keys.map(descriptor) } };
  }

  /**
   * Finishes the second step with an assertion. Any refusal (another agent's credential, a wrong
   * origin or challenge, a bad signature, a counter that does not move on) is a failed try.
   */
  async function signIn(
    input: ParsedBodyOf<typeof api.secondStepPasskey>,
  ): Promise<{ session: LoginResponse; keepInCookie: boolean }> {
    const row = await secondStep.liveChallenge(input.Challenge);
    const at = now();
    const fail = () => refuse(row);
    const key = await repo.selectPasskeyByCredential(db, input.Response.id);
    const origins = await originsFor(db, rp, row.siteId, input.Response.response.clientDataJSON);
    if (!row.webauthnChallenge || !key || key.agent_id !== row.agentId || !origins) return fail();
    // The library is given counter 0 so that it checks the signature only: the counter is checked
    // here, by the same rule, where a counter that went back can be told apart and audited.
    const verified = await verifyAuthenticationResponse({
      response: input.Response,
      expectedChallenge: row.webauthnChallenge,
      expectedOrigin: origins.origin,
      ...(origins.topOrigin ? { expectedTopOrigin: origins.topOrigin } : {}),
      expectedRPID: rp.rpId,
      credential: {
        id: key.credential_id,
        publicKey: Buffer.from(key.public_key, 'base64url'),
        counter: 0,
        transports: knownTransports(key.transports),
      },
      requireUserVerification: false,
    }).catch(() => null);
    if (!verified?.verified) return fail();

    const counter = verified.authenticationInfo.newCounter;
    const { moved, stored } = await db.transaction(async (tx) => {
      // Locked: two requests with one assertion cannot both see the old counter.
      const current = await repo.selectPasskeyByCredential(tx, key.credential_id);
      const last = Number(current?.counter ?? key.counter);
      if (!current || ((counter > 0 || last > 0) && counter <= last)) {
        return { moved: false, stored: last };
      }
      await repo.recordPasskeyUse(tx, current.id, counter, at);
      return { moved: true, stored: last };
    });
    if (!moved) {
      // A cloned authenticator, or an assertion replayed: kept even though the log-in fails.
      await audit(db, {
        siteId: row.siteId,
        actorKind: 'public',
        actorId: null,
        action: 'passkey.counter_refused',
        targetKind: 'agent',
        targetId: row.agentId,
        details: { passkey: key.id, counter, stored },
        at,
      });
      return fail();
    }
    const session = await secondStep.completeSecondStep(row, 'passkey');
    return { session, keepInCookie: row.keepInCookie };
  }

  /** A refused assertion is a wrong answer: it counts toward the step's death and the lockout. */
  async function refuse(row: ChallengeRow): Promise<never> {
    const { triesLeft } = await secondStep.failSecondStep(row, 'passkey');
    if (triesLeft === 0) throw new UnauthorizedError('second_step_expired');
    throw new UnauthorizedError('passkey_refused');
  }

  return { signInOptions, signIn };
}

export type PasskeySignInService = ReturnType<typeof createPasskeySignInService>;
