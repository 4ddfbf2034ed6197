// Shared devices (issue 20 item 4): players of the caller's subtree who logged in from one address
// or one device over a period; another tree's or another site's players never join a group, even
// on the same address; failed log-ins and other periods do not count. The platform's player.login
// lands in the same record, once per event id.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  DEFAULT_PLATFORM_BASE,
  platformApi,
  type PlatformEndpoint,
  type SharedDevicesResponse,
  type SharedGroup,
} from '@backline/contract';
import { queryRows } from '../src/db/query.ts';
import { deviceHash, recordLogin, type LoginRecord } from '../src/auth/login-events-repository.ts';
import { signatureHeader } from '../src/platform/signature.ts';
import { anonymous, call, logIn, ok, useTestApp, type Caller } from './helpers.ts';
import { idOf } from './db-helpers.ts';
import { TEST_SEED } from './seed-options.ts';

const NOW = TEST_SEED.now;
const ctx = useTestApp({}, { now: () => new Date(NOW) });
const PERIOD = { startDate: '2026-11-01', endDate: '2026-11-18' };
const SHARED_IP = '203.0.113.10';

interface Player {
  id: number;
  login: string;
}

/** The first `n` active players of an agent (by login), in id order. */
async function playersOf(agent: string, n: number, siteId = 1): Promise<Player[]> {
  const rows = await queryRows<Player>(
    ctx.database.db,
    sql`select p.id, p.login from players p join agents a on a.id = p.agent_id
        where a.login = ${agent} and p.site_id = ${siteId} and p.active order by p.id limit ${n}`,
  );
  expect(rows).toHaveLength(n);
  return rows;
}

function login(
  p: Player,
  at: string,
  over: Partial<Omit<LoginRecord, 'account' | 'at'>> = {},
): Promise<void> {
  return recordLogin(ctx.database.db, {
    siteId: 1,
    account: { kind: 'player', playerId: p.id },
    at: new Date(at),
    outcome: 'ok',
    method: 'password',
    source: 'backline',
    ip: null,
    country: null,
    device: null,
    deviceId: null,
    ...over,
  });
}

const sessions = new Map<string, Caller>();
async function as(who: string): Promise<Caller> {
  let s = sessions.get(who);
  if (!s) {
    const password = { MASTER: 'demo-master', AG1: 'demo-agent', PL1001: 'demo-player' }[who]!;
    s = await logIn(ctx.app, who, password, 1);
    sessions.set(who, s);
  }
  return s;
}

const report = async (who: string, body: Record<string, unknown>) =>
  ok<SharedDevicesResponse>(await call(ctx.app, api.getSharedDevices, await as(who), { body }));

const byLabel = (r: SharedDevicesResponse, label: string) =>
  r.Groups.find((g) => g.Label === label);
const loginsIn = (g: SharedGroup | undefined) => g?.Players.map((p) => p.Player) ?? [];

type Six = [Player, Player, Player, Player, Player, Player];
let a: Player, b: Player, c: Player, d: Player, lone: Player, failed: Player, other: Player;
let foreign: Player;
const DEVICE_TAG = deviceHash('device-shared-1')!.slice(0, 8);

beforeAll(async () => {
  [a, b, c, d, lone, failed] = (await playersOf('AG1SUB', 6)) as Six;
  [other] = (await playersOf('AG2', 1)) as [Player];
  [foreign] = (await playersOf('ESAG1', 1, 2)) as [Player];
  // a and b share an address (a twice); c and d a device, from different addresses.
  await login(a!, '2026-11-02T10:00:00Z', { ip: SHARED_IP });
  await login(a!, '2026-11-09T10:00:00Z', { ip: SHARED_IP });
  await login(b!, '2026-11-05T10:00:00Z', { ip: SHARED_IP });
  await login(c!, '2026-11-06T10:00:00Z', { ip: '198.51.100.1', deviceId: 'device-shared-1' });
  await login(d!, '2026-11-07T10:00:00Z', { ip: '198.51.100.2', deviceId: 'device-shared-1' });
  // Alone on its address; on the shared one only with a failed try, or outside the period.
  await login(lone!, '2026-11-03T10:00:00Z', { ip: '198.51.100.99' });
  await login(failed!, '2026-11-04T10:00:00Z', { ip: SHARED_IP, outcome: 'wrong_credentials' });
  await login(lone!, '2026-10-20T10:00:00Z', { ip: SHARED_IP });
  // Another tree's player on the address, and another site's, on the device too.
  await login(other!, '2026-11-08T10:00:00Z', { ip: SHARED_IP });
  await recordLogin(ctx.database.db, {
    siteId: 2,
    account: { kind: 'player', playerId: foreign!.id },
    at: new Date('2026-11-08T11:00:00Z'),
    outcome: 'ok',
    method: 'password',
    source: 'backline',
    ip: SHARED_IP,
    country: 'ES',
    device: null,
    deviceId: 'device-shared-1',
  });
});

describe('shared devices', () => {
  it('groups the subtree\u2019s players on one address and on one device', async () => {
    const r = await report('AG1', PERIOD);
    expect(r).toMatchObject({ StartDate: PERIOD.startDate, EndDate: PERIOD.endDate });
    const ip = byLabel(r, SHARED_IP)!;
    expect(ip).toMatchObject({
      Kind: 'ip',
      LogIns: 3,
      FirstAt: '2026-11-02T10:00:00.000Z',
      LastAt: '2026-11-09T10:00:00.000Z',
    });
    // First seen first; the failed try, the earlier month and the other tree left out.
    expect(loginsIn(ip)).toEqual([a!.login, b!.login]);
    expect(ip.Players[0]).toMatchObject({
      IdPlayer: a!.id,
      Agent: 'AG1SUB',
      LogIns: 2,
      FirstAt: '2026-11-02T10:00:00.000Z',
      LastAt: '2026-11-09T10:00:00.000Z',
    });
    const device = byLabel(r, DEVICE_TAG)!;
    expect(device.Kind).toBe('device');
    expect(loginsIn(device)).toEqual([c!.login, d!.login]);
    // The device is named by a short tag, never its whole hash.
    expect(JSON.stringify(r)).not.toContain(deviceHash('device-shared-1'));
    expect(r.Groups.map((g) => g.Label).sort()).toEqual([DEVICE_TAG, SHARED_IP].sort());
    expect(r.TotalGroups).toBe(2);
    const everyone = r.Groups.flatMap(loginsIn);
    for (const p of [lone!, failed!, other!, foreign!]) expect(everyone).not.toContain(p.login);
  });

  it('sees the whole site for the master, never another site\u2019s players, most players first', async () => {
    const r = await report('MASTER', PERIOD);
    expect(r.Groups[0]!.Label).toBe(SHARED_IP);
    expect(loginsIn(r.Groups[0])).toEqual([a!.login, b!.login, other!.login]);
    expect(r.Groups.flatMap(loginsIn)).not.toContain(foreign!.login);
    // The master narrowing to AG1's subtree sees what AG1 sees.
    const ag1 = await idOf(ctx.database, 'agents', 'AG1');
    const narrowed = await report('MASTER', { ...PERIOD, idAgent: ag1 });
    expect(narrowed.Groups).toEqual((await report('AG1', PERIOD)).Groups);
  });

  it('filters by kind and by period', async () => {
    const devices = await report('AG1', { ...PERIOD, kind: 'device' });
    expect(devices.Groups.map((g) => g.Kind)).toEqual(['device']);
    const early = await report('AG1', { startDate: '2026-11-01', endDate: '2026-11-04' });
    expect(early.Groups).toEqual([]);
    expect(early.TotalGroups).toBe(0);
  });

  it('exports one line per player of each group', async () => {
    const res = await call(ctx.app, api.exportReport, await as('AG1'), {
      body: { report: 'sharedDevices', filters: PERIOD, format: 'csv' },
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const lines = res.body.split(/\r?\n/);
    const line = (p: Player) => lines.find((l) => l.includes(`,${p.login},`)) ?? '';
    expect(line(a!)).toContain(SHARED_IP);
    expect(line(c!)).toContain(DEVICE_TAG);
    expect(line(c!)).toContain('Device');
    expect(res.body).not.toContain(other!.login);
  });

  it('refuses callers without the right place, and bad input', async () => {
    const anon = await anonymous(ctx.app);
    expect((await call(ctx.app, api.getSharedDevices, anon, { body: PERIOD })).statusCode).toBe(
      401,
    );
    const player = await as('PL1001');
    const refused = await call(ctx.app, api.getSharedDevices, player, { body: PERIOD });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().Code).toBe('agents_only');
    const master = await idOf(ctx.database, 'agents', 'MASTER');
    const esMaster = await idOf(ctx.database, 'agents', 'MASTER2', 2);
    for (const idAgent of [master, esMaster]) {
      const res = await call(ctx.app, api.getSharedDevices, await as('AG1'), {
        body: { ...PERIOD, idAgent },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().Code).toBe('agent_not_found');
    }
    for (const body of [
      { ...PERIOD, kind: 'mac' },
      { startDate: '2026-11-10', endDate: '2026-11-01' },
      { startDate: '2026-13-01' },
    ])
      expect(
        (await call(ctx.app, api.getSharedDevices, await as('AG1'), { body })).statusCode,
      ).toBe(400);
  });
});

describe('the feed\u2019s player.login', () => {
  interface Key {
    KeyId: string;
    Secret: string;
  }
  let key: Key;
  let tick = 0;

  function send(e: PlatformEndpoint, body: string) {
    const t = Math.floor(NOW.getTime() / 1000) - ++tick;
    return ctx.app.inject({
      method: 'POST',
      url: DEFAULT_PLATFORM_BASE + e.path,
      headers: {
        'content-type': e.contentType ?? 'application/json',
        'x-backline-key': key.KeyId,
        'x-backline-signature': signatureHeader(key.Secret, t, body),
      },
      payload: body,
    });
  }

  const event = (EventId: string, Data: Record<string, unknown>, at = '2026-11-10T12:00:00Z') => ({
    EventId,
    Type: 'player.login',
    OccurredAt: at,
    Data,
  });

  async function loginRows(playerId: number) {
    return queryRows<{ source: string; method: string; outcome: string; ip: string; at: Date }>(
      ctx.database.db,
      sql`select source, method, outcome, ip, at from login_events
          where player_id = ${playerId} and source = 'platform' order by id`,
    );
  }

  beforeAll(async () => {
    const res = await call(ctx.app, api.insertIntegrationKey, await as('MASTER'), {
      body: { Label: 'shared devices' },
    });
    key = ok<Key>(res);
  });

  it('records a platform log-in once per event id, in the platform\u2019s time', async () => {
    const [p] = await playersOf('AG1SUBA', 1);
    const e = event('sd-login-1', {
      Player: p!.login,
      Ip: '192.0.2.33',
      Country: 'mx',
      Device: 'fp-abc',
    });
    const first = await send(platformApi.sendEvent, JSON.stringify(e));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      EventId: 'sd-login-1',
      Outcome: 'applied',
      Effect: { IdPlayer: p!.id, Outcome: 'ok' },
    });
    const again = await send(platformApi.sendEvent, JSON.stringify(e));
    expect(again.json().Outcome).toBe('duplicate');
    const rows = await loginRows(p!.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ source: 'platform', method: 'platform', outcome: 'ok' });
    expect(new Date(rows[0]!.at).toISOString()).toBe('2026-11-10T12:00:00.000Z');
    const [stored] = await queryRows<{ country: string; device_hash: string }>(
      ctx.database.db,
      sql`select country, device_hash from login_events where player_id = ${p!.id}`,
    );
    expect(stored).toEqual({ country: 'MX', device_hash: deviceHash('fp-abc') });
  });

  it('goes in a batch, and two players on one fingerprint show in the report', async () => {
    const [p, q] = await playersOf('AG1SUBA', 3).then((r) => r.slice(1));
    const lines = [
      event('sd-batch-1', { Player: p!.login, Device: 'fp-shared-9' }),
      event('sd-batch-2', { Player: q!.login, Device: 'fp-shared-9', Outcome: 'ok' }),
      event('sd-batch-3', { Player: q!.login, Device: 'fp-shared-9', Outcome: 'failed' }),
      event('sd-batch-1', { Player: p!.login, Device: 'fp-shared-9' }),
    ];
    const res = await send(
      platformApi.sendEventBatch,
      lines.map((l) => JSON.stringify(l)).join('\n'),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ Applied: 3, Duplicates: 1, Rejected: 0 });
    expect(await loginRows(p!.id)).toHaveLength(1);
    expect((await loginRows(q!.id)).map((r) => r.outcome)).toEqual(['ok', 'failed']);
    const r = await report('AG1', PERIOD);
    const group = byLabel(r, deviceHash('fp-shared-9')!.slice(0, 8))!;
    expect(loginsIn(group)).toEqual([p!.login, q!.login]);
    // The failed try does not count as a log-in from the device.
    expect(group.LogIns).toBe(2);
  });

  it('refuses an unknown player and a malformed address', async () => {
    const unknown = await send(
      platformApi.sendEvent,
      JSON.stringify(event('sd-bad-1', { Player: 'NOBODY-HERE' })),
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().Code).toBe('unknown_player');
    const bad = await send(
      platformApi.sendEvent,
      JSON.stringify(event('sd-bad-2', { Player: 'PL1001', Ip: '300.1.1.1' })),
    );
    expect(bad.statusCode).toBe(400);
  });
});
