// The log-in record (issue 20): every log-in tried, here or on the platform, with where it came
// from. The device is kept only as a hash of the id the browser (or the platform) holds.
import { loginEvents } from '../db/schema.ts';
import type { Executor } from '../db/query.ts';
import { currentOrigin } from '../http/request-origin.ts';
import { sha256 } from '../security/tokens.ts';

export type LoginOutcome =
  'ok' | 'wrong_credentials' | 'locked' | 'second_step' | 'second_step_failed' | 'failed';
export type LoginMethod =
  'password' | 'token' | 'link' | 'totp' | 'recovery' | 'passkey' | 'platform';

export interface LoginRecord {
  siteId: number;
  account: { kind: 'agent'; agentId: number } | { kind: 'player'; playerId: number };
  at: Date;
  outcome: LoginOutcome;
  method: LoginMethod;
  source: 'backline' | 'platform';
  ip: string | null;
  country: string | null;
  device: string | null;
  /** The raw device id (the browser's, or the platform's fingerprint); only its hash is kept. */
  deviceId: string | null;
  /** The hash of the device id, when only that was kept (a second-step challenge carries it). */
  deviceHash?: string | null;
}

/**
 * Where the request being served came from, as the records (log-ins, sessions, challenges) keep
 * it: read here, like the audit's, so services need know nothing of HTTP.
 */
export function requestPlace(): {
  ip: string | null;
  country: string | null;
  device: string | null;
} {
  const origin = currentOrigin();
  return {
    ip: origin?.ip ?? null,
    country: origin?.country ?? null,
    device: origin?.device ?? null,
  };
}

/** The stored form of a device id: the same id gives the same hash on every site and process. */
export function deviceHash(deviceId: string | null | undefined): string | null {
  return deviceId ? sha256(`device:${deviceId}`) : null;
}

export async function recordLogin(ex: Executor, r: LoginRecord): Promise<void> {
  await ex.insert(loginEvents).values({
    siteId: r.siteId,
    kind: r.account.kind,
    agentId: r.account.kind === 'agent' ? r.account.agentId : null,
    playerId: r.account.kind === 'player' ? r.account.playerId : null,
    at: r.at,
    outcome: r.outcome,
    method: r.method,
    source: r.source,
    ip: r.ip,
    country: r.country,
    device: r.device,
    deviceHash: r.deviceHash !== undefined ? r.deviceHash : deviceHash(r.deviceId),
  });
}
