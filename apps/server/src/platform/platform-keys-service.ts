// Integration keys: made, listed, rotated and revoked by a site's master agent (or an operator's
// command), and found by the feed's signature check. Secrets leave only in the answer that made them.
import { PLATFORM_SCOPES, type IntegrationKey, type PlatformScope } from '@backline/contract';
import type { AgentAuth } from '../auth/auth-context.ts';
import type { Db, Executor } from '../db/query.ts';
import { audit } from '../security/audit-repository.ts';
import { ConflictError, ForbiddenError, NotFoundError } from '../errors.ts';
import * as repo from './platform-keys-repository.ts';
import { openSecret, sealSecret } from '../security/sealed-secret.ts';
import { newKeyId, newSecret } from './platform-secret.ts';

/** How long a key's row is used as read (liveKey); revoking here takes effect at once. */
const KEY_CACHE_MS = 1_000;
/** Key ids remembered at most: unknown ids are remembered too, so a flood of them is bounded. */
const KEY_CACHE_MAX = 1_000;

/** How often a key's last use is written: the list shows it to the minute. */
const TOUCH_EVERY_MS = 60_000;

export interface NewKey {
  label: string;
  scopes?: readonly PlatformScope[];
}

/** A live key as the feed's check needs it: its site, scopes and secret. */
export interface LiveKey {
  id: number;
  siteId: number;
  keyId: string;
  scopes: readonly string[];
  secret: string;
}

export function keyState(row: repo.PlatformKeyRow, at: Date): IntegrationKey['State'] {
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt) return row.expiresAt > at ? 'expiring' : 'expired';
  return 'live';
}

function wire(row: repo.PlatformKeyRow, at: Date): IntegrationKey {
  return {
    IdKey: row.id,
    KeyId: row.keyId,
    Label: row.label,
    Scopes: row.scopes.filter((s): s is PlatformScope =>
      (PLATFORM_SCOPES as readonly string[]).includes(s),
    ),
    CreatedAt: row.createdAt.toISOString(),
    LastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    ExpiresAt: row.expiresAt?.toISOString() ?? null,
    RevokedAt: row.revokedAt?.toISOString() ?? null,
    State: keyState(row, at),
  };
}

export function createPlatformKeysService({
  db,
  now,
  secretKey,
}: {
  db: Db;
  now: () => Date;
  /** The server key that seals secrets (config.platformSecretKey). */
  secretKey: Buffer;
}) {
  /** The site's master agent only, in its own view (not acting for a sub-agent). */
  async function masterSite(auth: AgentAuth): Promise<{ siteId: number; agentId: number }> {
    const agentId = auth.agentId;
    if (!(await repo.isRootAgent(db, auth.siteId, agentId)))
      throw new ForbiddenError('integration_master_only');
    return { siteId: auth.siteId, agentId };
  }

  /**
   * A key for a site; `secret` and `keyId` only for the demo's documented key. Returns the secret
   * beside the key: the one time anyone sees it.
   */
  async function createForSite(
    siteId: number,
    input: NewKey & { createdBy?: number | null; keyId?: string; secret?: string },
    ex: Db = db,
  ): Promise<IntegrationKey & { Secret: string }> {
    const keyId = input.keyId ?? newKeyId();
    const secret = input.secret ?? newSecret();
    const row = await ex.transaction(async (tx) => {
      const made = await repo.insertKey(tx, {
        siteId,
        keyId,
        label: input.label,
        scopes: [...new Set(input.scopes ?? PLATFORM_SCOPES)],
        secretSealed: sealSecret(secretKey, keyId, secret),
        createdBy: input.createdBy ?? null,
        createdAt: now(),
      });
      // An operator's command makes a key as the system; an agent's screen as that agent.
      await auditKey(tx, siteId, input.createdBy ?? null, 'platform_key.created', made, {
        label: made.label,
        scopes: made.scopes,
      });
      return made;
    });
    forget();
    return { ...wire(row, now()), Secret: secret };
  }

  /** The key's audit row: its public id and label, never its secret. */
  function auditKey(
    tx: Executor,
    siteId: number,
    agentId: number | null,
    action: string,
    key: repo.PlatformKeyRow,
    details: Record<string, unknown>,
  ) {
    return audit(tx, {
      siteId,
      actorKind: agentId === null ? 'system' : 'agent',
      actorId: agentId,
      action,
      targetKind: 'key',
      targetId: key.id,
      at: now(),
      details: { keyId: key.keyId, ...details },
    });
  }

  async function list(auth: AgentAuth): Promise<{ Keys: IntegrationKey[] }> {
    const { siteId } = await masterSite(auth);
    const at = now();
    return { Keys: (await repo.listKeys(db, siteId)).map((row) => wire(row, at)) };
  }

  async function create(
    auth: AgentAuth,
    input: NewKey,
  ): Promise<IntegrationKey & { Secret: string }> {
    const { siteId } = await masterSite(auth);
    return createForSite(siteId, { ...input, createdBy: auth.selfAgentId });
  }

  /** A successor with the same label and scopes; the old key ends after the overlap. */
  async function rotate(
    auth: AgentAuth,
    input: { IdKey: number; OverlapHours: number },
  ): Promise<IntegrationKey & { Secret: string }> {
    const { siteId } = await masterSite(auth);
    const rotated = await db.transaction(async (tx) => {
      const old = await repo.findKey(tx, siteId, input.IdKey);
      if (!old) throw new NotFoundError('integration_key_not_found', { key: input.IdKey });
      if (old.revokedAt) throw new ConflictError('integration_key_revoked', { key: old.keyId });
      const at = now();
      const ends = new Date(at.getTime() + input.OverlapHours * 3_600_000);
      // A key already ending keeps the earlier end: rotating twice never extends the old secret.
      if (!old.expiresAt || old.expiresAt > ends)
        await repo.updateKey(tx, old.id, { expiresAt: ends });
      const keyId = newKeyId();
      const secret = newSecret();
      const row = await repo.insertKey(tx, {
        siteId,
        keyId,
        label: old.label,
        scopes: old.scopes,
        secretSealed: sealSecret(secretKey, keyId, secret),
        createdBy: auth.selfAgentId,
        createdAt: at,
        rotatedFrom: old.id,
      });
      await auditKey(tx, siteId, auth.selfAgentId, 'platform_key.rotated', row, {
        rotatedFrom: old.keyId,
        overlapHours: input.OverlapHours,
      });
      return { ...wire(row, at), Secret: secret };
    });
    forget();
    return rotated;
  }

  async function revoke(auth: AgentAuth, input: { IdKey: number }): Promise<IntegrationKey> {
    const { siteId } = await masterSite(auth);
    const answer = await db.transaction(async (tx) => {
      const row = await repo.findKey(tx, siteId, input.IdKey);
      if (!row) throw new NotFoundError('integration_key_not_found', { key: input.IdKey });
      const at = now();
      if (row.revokedAt) return wire(row, at);
      const revoked = await repo.updateKey(tx, row.id, { revokedAt: at });
      await auditKey(tx, siteId, auth.selfAgentId, 'platform_key.revoked', revoked, {
        label: revoked.label,
      });
      return wire(revoked, at);
    });
    forget();
    return answer;
  }

  /**
   * Keys as last read, for KEY_CACHE_MS: a busy feed reads each key's row once a second, not on
   * every event. A key revoked or rotated here is read again at once; in another process, within
   * that second (docs/integration.md).
   */
  const cache = new Map<
    string,
    { row: repo.PlatformKeyRow | undefined; secret: string | null; until: number }
  >();
  const forget = () => cache.clear();

  /** The key a request names, if it is live now, with its secret opened. */
  async function liveKey(keyId: string): Promise<LiveKey | null> {
    if (!/^bk_[0-9a-z]{1,64}$/.test(keyId)) return null;
    const at = now();
    let cached = cache.get(keyId);
    if (!cached || cached.until <= performance.now()) {
      if (cache.size >= KEY_CACHE_MAX) cache.clear();
      const row = await repo.findKeyByKeyId(db, keyId);
      cached = {
        row,
        // Opened once with its row, not on every event.
        secret: row ? openSecret(secretKey, row.keyId, row.secretSealed) : null,
        until: performance.now() + KEY_CACHE_MS,
      };
      cache.set(keyId, cached);
    }
    const row = cached.row;
    if (!row) return null;
    const state = keyState(row, at);
    if (state !== 'live' && state !== 'expiring') return null;
    const secret = cached.secret;
    if (secret === null) return null;
    return { id: row.id, siteId: row.siteId, keyId: row.keyId, scopes: row.scopes, secret };
  }

  /** When this process last recorded each key's use: a busy feed writes it once a minute. */
  const touched = new Map<number, number>();
  async function touch(id: number): Promise<void> {
    const at = now();
    if (at.getTime() - (touched.get(id) ?? Number.NEGATIVE_INFINITY) < TOUCH_EVERY_MS) return;
    touched.set(id, at.getTime());
    await repo.touchKey(db, id, at, TOUCH_EVERY_MS);
  }

  return {
    list,
    create,
    rotate,
    revoke,
    createForSite,
    liveKey,
    touch,
    rememberSignature: (id: number, signature: string) =>
      repo.rememberSignature(db, id, signature, now()),
    forgetSignatures: (before: Date) => repo.forgetSignatures(db, before),
  };
}

export type PlatformKeysService = ReturnType<typeof createPlatformKeysService>;
