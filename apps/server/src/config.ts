// The one place that reads the environment; everything else takes a Config.
import { z } from 'zod';
import { DEFAULT_BASES, DEFAULT_PLATFORM_BASE } from '@backline/contract';
import { parseHostList } from './db/host-list.ts';

/** A PostgreSQL URL of one host or several, as libpq takes it (db/host-list.ts). */
function postgresUrl() {
  return z.string().superRefine((url, ctx) => {
    try {
      parseHostList(url);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: (error as Error).message });
    }
  });
}

const Env = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATABASE_URL: postgresUrl().optional(),
  REPORTS_DATABASE_URL: postgresUrl().optional(),
  DATA_DIR: z.string().default('./data'),
  CORE_API_BASE: z.string().startsWith('/').endsWith('/').default(DEFAULT_BASES.core),
  REPORTS_API_BASE: z.string().startsWith('/').endsWith('/').default(DEFAULT_BASES.reports),
  PLATFORM_API_BASE: z.string().startsWith('/').endsWith('/').default(DEFAULT_PLATFORM_BASE),
  /** 32 bytes in hex: seals integration keys' secrets in the database (decision 018). */
  PLATFORM_SECRET_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex digits (32 bytes)')
    .optional(),
  WEB_DIST: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Backline <no-reply@backline.test>'),
  CAPTCHA_VERIFY_URL: z.url().optional(),
  CAPTCHA_SCRIPT_ORIGIN: z
    .url()
    .refine(
      (u) => new URL(u).origin === u.replace(/\/$/, ''),
      'must be an origin (scheme, host, port)',
    )
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().positive().default(8),
  DB_POOL_SIZE: z.coerce.number().int().positive().default(10),
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().positive().default(2_000),
  DB_LOCK_TIMEOUT_MS: z.coerce.number().int().positive().default(5_000),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  SEED_ON_START: z.enum(['true', 'false']).default('true'),
  SIMULATE: z.enum(['true', 'false']).optional(),
  SIMULATE_RATE: z.coerce.number().positive().max(1000).default(1),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  /** The header a trusted proxy or CDN names the caller's country in (read only with TRUST_PROXY). */
  COUNTRY_HEADER: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'is a header name in lower case')
    .default('cf-ipcountry'),
  /** The WebAuthn relying party: Backline's own host name (the frame is Backline's origin). */
  WEBAUTHN_RP_ID: z
    .string()
    .regex(/^[a-z0-9.-]+$/, 'is a host name in lower case, without scheme or port')
    .default('localhost'),
  WEBAUTHN_RP_NAME: z.string().min(1).default('Backline'),
  /** Origins (comma-separated; a port may be *) a passkey's page may be on; unset, https://<RP ID>. */
  WEBAUTHN_ORIGINS: z.string().optional(),
  LOGIN_LIMIT_PER_ADDRESS: z.coerce.number().int().positive().default(100),
  LOGIN_LIMIT_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
  NOW: z.iso.datetime({ offset: true }).optional(),
  SEED_NOW: z.iso.datetime({ offset: true }).optional(),
  SEED_PLAYERS: z.coerce.number().int().positive().max(1_000_000).default(2000),
  SEED_WEEKS: z.coerce.number().int().positive().max(520).default(12),
  WEBHOOKS: z.enum(['on', 'off']).optional(),
  WEBHOOK_RETRY_DELAY_SECONDS: z.coerce.number().int().positive().max(3600).default(10),
  WEBHOOK_RETRY_DELAY_MAX_SECONDS: z.coerce.number().int().positive().max(86_400).default(3600),
  WEBHOOK_RETRY_LIMIT: z.coerce.number().int().min(0).max(100).default(20),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().positive().max(60_000).default(10_000),
  WEBHOOK_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  WEBHOOK_PRIVATE_TARGETS: z.enum(['allow', 'refuse']).optional(),
  SHEET_MAILS: z.enum(['on', 'off']).optional(),
  SHEET_MAIL_EVERY_SECONDS: z.coerce.number().int().positive().max(86_400).default(300),
  SHEET_MAIL_RETRY_DELAY_SECONDS: z.coerce.number().int().positive().max(3600).default(60),
  SHEET_MAIL_RETRY_LIMIT: z.coerce.number().int().min(0).max(100).default(10),
  RISK_WORKER: z.enum(['on', 'off']).optional(),
  RISK_WORKER_INTERVAL_MS: z.coerce.number().int().min(100).max(60_000).default(1000),
  RISK_LOOK_BACK_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
  RISK_ACTIVITY_KEEP_DAYS: z.coerce.number().int().min(1).max(90).default(3),
  ALERT_RETRY_DELAY_SECONDS: z.coerce.number().int().positive().max(3600).default(10),
  ALERT_RETRY_LIMIT: z.coerce.number().int().min(0).max(100).default(8),
});

/** Seals integration secrets when PLATFORM_SECRET_KEY is unset: development and tests only. */
const DEVELOPMENT_PLATFORM_SECRET_KEY = Buffer.from(
  '6261636b6c696e652d646576656c6f706d656e742d6f6e6c792d6b65792d3332',
  'hex',
);

export interface DbTimeouts {
  connectMs: number;
  lockMs: number;
  statementMs: number;
}

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  databaseUrl: string | undefined;
  reportsDatabaseUrl: string | undefined;
  dataDir: string;
  coreBase: string;
  reportsBase: string;
  /** Where the platform feed is served (DESIGN.md §8). */
  platformBase: string;
  /**
   * The key that seals integration keys' secrets at rest; unset, a fixed development key, so a
   * production deployment sets its own (a copy of the database then signs nothing).
   */
  platformSecretKey: Buffer;
  webDist: string | undefined;
  /** Mail goes over SMTP when set; otherwise to the outbox table (readable at /dev/outbox outside production). */
  smtpUrl: string | undefined;
  mailFrom: string;
  /**
   * The captcha provider's verify endpoint (form-encoded secret, response, remoteip; answers
   * { success }) for every site; unset, each site's provider's own (hCaptcha's or Turnstile's).
   */
  captchaVerifyUrl: string | undefined;
  /** The origin the captcha widget's script is loaded from; unset, the provider's own. */
  captchaScriptOrigin: string | undefined;
  logLevel: string;
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  dbPoolSize: number;
  /**
   * How long a request may wait for the database before it answers 503 (docs/decisions): for a
   * pooled connection (or a new one), for a row lock, and for any one statement.
   */
  dbTimeouts: DbTimeouts;
  seedOnStart: boolean;
  trustProxy: boolean;
  /** The header the trusted proxy names the caller's country in (audit and log-in records). */
  countryHeader: string;
  /**
   * Passkeys' relying party: its id (a host name), the name an authenticator shows, and the origins
   * (patterns as sites.allowed_origins: a port may be *) the app's page may be served from.
   */
  webauthn: { rpId: string; rpName: string; origins: string[] };
  /** Log-in attempts allowed per address (5 minutes) and per account (15 minutes). */
  loginLimits: { perAddress: number; perAccount: number };
  /**
   * The instant the app's clock reads at start, from which it moves on in real time (tests and
   * demos that must not depend on the day); unset: the real clock.
   */
  now: Date | undefined;
  /** Demo data written on first start: how many players and weeks, ending at `now` (default: the app's now). */
  seed: { now: Date | undefined; players: number; weeks: number };
  /**
   * The simulated platform (simulator/) that `npm start` runs against the demo once it listens,
   * signing with the demo key, at `rate` events a second: on for a development demo, never in tests.
   */
  simulate: { enabled: boolean; rate: number };
  /** Delivery of agent actions to each site's webhook endpoint (webhooks/, decision 019). */
  webhooks: WebhookSettings;
  /** The weekly sheets by e-mail (reports/master-sheet/sheet-mail*.ts, decision 033). */
  sheetMails: SheetMailSettings;
  /** The risk worker: players' CLV and alerts from the live log (risk/risk-worker.ts, issue 19). */
  riskWorker: RiskWorkerSettings;
};

export interface RiskWorkerSettings {
  /** Runs in every server process (one at a time works); off by default in tests (they drive runOnce). */
  enabled: boolean;
  /** How often a process tries to take the cursor and follow the live log. */
  intervalMs: number;
  /** How far back the log is read again for rows whose transactions committed late. */
  lookBackSeconds: number;
  /** Days the live log keeps its rows. */
  activityKeepDays: number;
  /** Backoff of an alert's failed e-mail or webhook, doubling, on the queue machinery. */
  retryDelaySeconds: number;
  retryLimit: number;
}

export interface SheetMailSettings {
  /** The job runs with the server; off by default in tests (a test that mails turns it on). */
  enabled: boolean;
  /** How often the job closes due weeks and queues their mails (also once at start). */
  everySeconds: number;
  /** Backoff of a failed send, doubling, on the webhooks' queue machinery (decision 019). */
  retryDelaySeconds: number;
  /** Retries before a mail is left failed in the log. */
  retryLimit: number;
}

export interface WebhookSettings {
  /** The queue runs with the server; off by default in tests (a test that delivers turns it on). */
  enabled: boolean;
  /** Backoff: the first retry after 1 to 2 times this, then doubling, never more than the maximum. */
  retryDelaySeconds: number;
  retryDelayMaxSeconds: number;
  /** Retries before a delivery is left failed (and its player's later ones wait for a re-send). */
  retryLimit: number;
  /** One delivery's whole time: connecting, sending and the answer. */
  timeoutMs: number;
  /** How often an idle worker looks for due retries. */
  pollSeconds: number;
  /** Loopback and private addresses as targets: allowed outside production unless refused. */
  privateTargets: boolean;
}

/**
 * The origins a passkey ceremony may come from: those given, else the RP ID's own over https, and
 * for localhost (development and tests, which browsers treat as secure) any http port of it.
 */
function webauthnOrigins(given: string | undefined, rpId: string): string[] {
  if (!given) {
    return rpId === 'localhost'
      ? ['https://localhost:*', 'http://localhost:*']
      : [`https://${rpId}`];
  }
  const origins = given
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  for (const origin of origins) {
    const host = /^https?:\/\/([a-z0-9.-]+)(?::(?:\d{1,5}|\*))?$/i.exec(origin)?.[1]?.toLowerCase();
    // A browser refuses a ceremony whose page is not on the RP ID or a subdomain of it.
    if (!host || (host !== rpId && !host.endsWith(`.${rpId}`))) {
      throw new Error(
        `Invalid environment:\n  WEBAUTHN_ORIGINS: ${origin} is not an origin on ${rpId} ` +
          '(scheme://host[:port or *], the host the RP ID or a subdomain of it)',
      );
    }
  }
  return origins;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.REPORTS_DATABASE_URL && !e.DATABASE_URL) {
    throw new Error(
      'Invalid environment:\n  REPORTS_DATABASE_URL: a read replica needs its primary in DATABASE_URL',
    );
  }
  // The development key is public (it is in this file): production seals with its own or not at all.
  if (e.NODE_ENV === 'production' && !e.PLATFORM_SECRET_KEY) {
    throw new Error(
      'Invalid environment:\n  PLATFORM_SECRET_KEY: required in production, 64 hex digits ' +
        '(e.g. `openssl rand -hex 32`); it seals integration-key secrets (decision 018)',
    );
  }
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
    reportsDatabaseUrl: e.REPORTS_DATABASE_URL,
    dataDir: e.DATA_DIR,
    coreBase: e.CORE_API_BASE,
    reportsBase: e.REPORTS_API_BASE,
    platformBase: e.PLATFORM_API_BASE,
    platformSecretKey: e.PLATFORM_SECRET_KEY
      ? Buffer.from(e.PLATFORM_SECRET_KEY, 'hex')
      : DEVELOPMENT_PLATFORM_SECRET_KEY,
    webDist: e.WEB_DIST,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    captchaVerifyUrl: e.CAPTCHA_VERIFY_URL,
    captchaScriptOrigin: e.CAPTCHA_SCRIPT_ORIGIN,
    logLevel: e.LOG_LEVEL,
    sessionIdleMs: e.SESSION_IDLE_MINUTES * 60_000,
    sessionAbsoluteMs: e.SESSION_ABSOLUTE_HOURS * 3_600_000,
    dbPoolSize: e.DB_POOL_SIZE,
    dbTimeouts: {
      connectMs: e.DB_CONNECT_TIMEOUT_MS,
      lockMs: e.DB_LOCK_TIMEOUT_MS,
      statementMs: e.DB_STATEMENT_TIMEOUT_MS,
    },
    seedOnStart: e.SEED_ON_START === 'true',
    trustProxy: e.TRUST_PROXY === 'true',
    countryHeader: e.COUNTRY_HEADER,
    webauthn: {
      rpId: e.WEBAUTHN_RP_ID,
      rpName: e.WEBAUTHN_RP_NAME,
      origins: webauthnOrigins(e.WEBAUTHN_ORIGINS, e.WEBAUTHN_RP_ID),
    },
    loginLimits: { perAddress: e.LOGIN_LIMIT_PER_ADDRESS, perAccount: e.LOGIN_LIMIT_PER_ACCOUNT },
    now: e.NOW ? new Date(e.NOW) : undefined,
    seed: {
      now: e.SEED_NOW ? new Date(e.SEED_NOW) : undefined,
      players: e.SEED_PLAYERS,
      weeks: e.SEED_WEEKS,
    },
    simulate: {
      enabled:
        (e.SIMULATE ??
          (e.NODE_ENV === 'development' && e.SEED_ON_START === 'true' ? 'true' : 'false')) ===
        'true',
      rate: e.SIMULATE_RATE,
    },
    webhooks: {
      enabled: (e.WEBHOOKS ?? (e.NODE_ENV === 'test' ? 'off' : 'on')) === 'on',
      retryDelaySeconds: e.WEBHOOK_RETRY_DELAY_SECONDS,
      retryDelayMaxSeconds: Math.max(
        e.WEBHOOK_RETRY_DELAY_MAX_SECONDS,
        e.WEBHOOK_RETRY_DELAY_SECONDS,
      ),
      retryLimit: e.WEBHOOK_RETRY_LIMIT,
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
      pollSeconds: e.WEBHOOK_POLL_SECONDS,
      privateTargets:
        (e.WEBHOOK_PRIVATE_TARGETS ?? (e.NODE_ENV === 'production' ? 'refuse' : 'allow')) ===
        'allow',
    },
    sheetMails: {
      enabled: (e.SHEET_MAILS ?? (e.NODE_ENV === 'test' ? 'off' : 'on')) === 'on',
      everySeconds: e.SHEET_MAIL_EVERY_SECONDS,
      retryDelaySeconds: e.SHEET_MAIL_RETRY_DELAY_SECONDS,
      retryLimit: e.SHEET_MAIL_RETRY_LIMIT,
    },
    riskWorker: {
      enabled: (e.RISK_WORKER ?? (e.NODE_ENV === 'test' ? 'off' : 'on')) === 'on',
      intervalMs: e.RISK_WORKER_INTERVAL_MS,
      lookBackSeconds: e.RISK_LOOK_BACK_SECONDS,
      activityKeepDays: e.RISK_ACTIVITY_KEEP_DAYS,
      retryDelaySeconds: e.ALERT_RETRY_DELAY_SECONDS,
      retryLimit: e.ALERT_RETRY_LIMIT,
    },
  };
}
