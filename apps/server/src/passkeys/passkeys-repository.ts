// SQL of agents' passkeys and of their registration challenges (contract calls/passkeys.ts).
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../db/query.ts';

export interface PasskeyDbRow {
  id: number;
  agent_id: number;
  credential_id: string;
  public_key: string;
  counter: number | string;
  transports: string[];
  name: string;
  created_at: Date | string;
  last_used_at: Date | string | null;
}

const COLUMNS = sql`id, agent_id, credential_id, public_key, counter, transports, name, created_at,
  last_used_at`;

/** The agent's passkeys, oldest first; locked in a transaction that removes one. */
export function selectPasskeys(
  ex: Executor,
  agentId: number,
  { lock = false } = {},
): Promise<PasskeyDbRow[]> {
  return queryRows<PasskeyDbRow>(
    ex,
    sql`select ${COLUMNS} from agent_passkeys where agent_id = ${agentId} order by id
        ${lock ? sql`for update` : sql``}`,
  );
}

/** The passkey of a credential id, whoever's it is, locked for its counter to move. */
export async function selectPasskeyByCredential(
  ex: Executor,
  credentialId: string,
): Promise<PasskeyDbRow | undefined> {
  const [row] = await queryRows<PasskeyDbRow>(
    ex,
    sql`select ${COLUMNS} from agent_passkeys where credential_id = ${credentialId} for update`,
  );
  return row;
}

export interface PasskeyWrite {
  agentId: number;
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
  name: string;
  at: Date;
}

/** Inserts a passkey; undefined when its credential is already registered (to anyone). */
export async function insertPasskey(
  ex: Executor,
  p: PasskeyWrite,
): Promise<PasskeyDbRow | undefined> {
  const [row] = await queryRows<PasskeyDbRow>(
    ex,
    sql`insert into agent_passkeys (agent_id, credential_id, public_key, counter, transports,
                                    name, created_at)
        values (${p.agentId}, ${p.credentialId}, ${p.publicKey}, ${p.counter},
                array(select jsonb_array_elements_text(${JSON.stringify(p.transports)}::jsonb)),
                ${p.name}, ${p.at.toISOString()})
        on conflict (credential_id) do nothing
        returning ${COLUMNS}`,
  );
  return row;
}

export async function renamePasskey(
  ex: Executor,
  agentId: number,
  id: number,
  name: string,
): Promise<PasskeyDbRow | undefined> {
  const [row] = await queryRows<PasskeyDbRow>(
    ex,
    sql`update agent_passkeys set name = ${name} where id = ${id} and agent_id = ${agentId}
        returning ${COLUMNS}`,
  );
  return row;
}

export async function deletePasskey(ex: Executor, agentId: number, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`delete from agent_passkeys where id = ${id} and agent_id = ${agentId} returning id`,
  );
  return rows.length > 0;
}

/** A use: the counter the authenticator reported, and when. */
export async function recordPasskeyUse(
  ex: Executor,
  id: number,
  counter: number,
  at: Date,
): Promise<void> {
  await ex.execute(
    sql`update agent_passkeys set counter = ${counter}, last_used_at = ${at.toISOString()}
        where id = ${id}`,
  );
}

export interface RegistrationChallengeWrite {
  tokenHash: string;
  siteId: number;
  agentId: number;
  sessionId: number;
  webauthnChallenge: string;
  expiresAt: Date;
  at: Date;
}

export async function insertRegistrationChallenge(
  ex: Executor,
  c: RegistrationChallengeWrite,
): Promise<void> {
  await ex.execute(
    sql`insert into auth_challenges (token_hash, purpose, site_id, agent_id, session_id,
                                     webauthn_challenge, method, expires_at, created_at)
        values (${c.tokenHash}, 'passkey_register', ${c.siteId}, ${c.agentId}, ${c.sessionId},
                ${c.webauthnChallenge}, 'passkey', ${c.expiresAt.toISOString()},
                ${c.at.toISOString()})`,
  );
}

/**
 * Spends a live registration challenge of this session and agent: answers its WebAuthn challenge,
 * or undefined when it is unknown, another session's, used or expired.
 */
export async function spendRegistrationChallenge(
  ex: Executor,
  c: { tokenHash: string; agentId: number; sessionId: number; at: Date },
): Promise<string | undefined> {
  const [row] = await queryRows<{ webauthn_challenge: string }>(
    ex,
    sql`update auth_challenges set used_at = ${c.at.toISOString()}
        where token_hash = ${c.tokenHash} and purpose = 'passkey_register'
          and agent_id = ${c.agentId} and session_id = ${c.sessionId}
          and used_at is null and expires_at > ${c.at.toISOString()}
        returning webauthn_challenge`,
  );
  return row?.webauthn_challenge;
}
