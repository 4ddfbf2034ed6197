// Builds the Fastify app: external plugins, then app plugins, then routes.
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { api, BUILD_LABEL, platformApi, type Endpoint } from '@backline/contract';
import type { Config } from './config.ts';
import type { Database } from './db/open-database.ts';
import { createAuthService } from './auth/auth-service.ts';
import { authRoutes } from './auth/auth-routes.ts';
import { secondStepRoutes } from './auth/second-step-routes.ts';
import { passkeysRoutes } from './passkeys/passkeys-routes.ts';
import { createPasskeysService } from './passkeys/passkeys-service.ts';
import { createPasskeySignInService } from './passkeys/passkey-sign-in-service.ts';
import { createSecondStepSettingsService } from './auth/second-step-settings-service.ts';
import { errorHandler } from './plugins/error-handler.ts';
import { securityHeaders } from './plugins/security-headers.ts';
import { captchaEndpoints } from './sign-up/captcha.ts';
import { csrf } from './plugins/csrf.ts';
import { textInput } from './plugins/text-input.ts';
import { clientErrorHandler } from './plugins/client-errors.ts';
import { loggerOptions } from './plugins/request-log.ts';
import { spa } from './plugins/spa.ts';
import { compression } from './plugins/compression.ts';
import { urlOf } from './http/route.ts';
import { serializerCompiler } from './http/serializer.ts';
import { agentsRoutes } from './agents/agents-routes.ts';
import { agentLanguageRoutes } from './agents/agent-language-routes.ts';
import { createAgentLanguageService } from './agents/agent-language-service.ts';
import { notificationsRoutes } from './notifications/notifications-routes.ts';
import { createNotificationsService } from './notifications/notifications-service.ts';
import { liveRoutes } from './live/live-routes.ts';
import { createLiveService } from './live/live-service.ts';
import { createFeedLive } from './notifications/feed-live.ts';
import { createLedgerService } from './ledger/ledger-service.ts';
import { currencyRoutes } from './currency/currency-routes.ts';
import { createCurrencyService } from './currency/currency-service.ts';
import { createAgentsService } from './agents/agents-service.ts';
import { createAgentSettingsService } from './agents/agent-settings-service.ts';
import { createPlayerRoutes } from './players/create-player-routes.ts';
import { createPlayerCreateService } from './players/create-player-service.ts';
import { agentCreateRoutes } from './agents/agent-create-routes.ts';
import { createAgentCreateService } from './agents/agent-create-service.ts';
import { createMailer } from './mail/mailer.ts';
import { outboxRoutes } from './mail/outbox-routes.ts';
import { selectLatestOutboxMail } from './mail/outbox-repository.ts';
import { accountsRoutes } from './accounts/accounts-routes.ts';
import { createPasswordChangeService } from './accounts/password-change-service.ts';
import { createAgentPasswordsService } from './accounts/agent-passwords-service.ts';
import { signUpRoutes } from './sign-up/sign-up-routes.ts';
import { createSignUpService } from './sign-up/sign-up-service.ts';
import { exportRoutes } from './export/export-routes.ts';
import { firstInLine, requestAdmission } from './db/admission.ts';
import { originOf, requestOrigin } from './http/request-origin.ts';
import { createExportService } from './export/export-service.ts';
import { registerReports } from './reports/report-modules.ts';
import { createExportTickets } from './export/export-tickets-service.ts';
import { clockStartingAt, type Clock } from './clock.ts';
import { createWebhooks } from './webhooks/webhooks.ts';
import { createSheetMails } from './reports/master-sheet/sheet-mail.ts';
import { createRiskWorker } from './risk/risk-worker.ts';
import { alertsRoutes } from './risk/alerts-routes.ts';
import { createAlertsService } from './risk/alerts-service.ts';
import { sessionsRoutes } from './sessions/sessions-routes.ts';
import { createSessionsService } from './sessions/sessions-service.ts';
import { createLoginHistoryService } from './sessions/login-history-service.ts';
import { webhooksRoutes } from './webhooks/webhooks-routes.ts';
import { createPlatformKeysService } from './platform/platform-keys-service.ts';
import { platformKeysRoutes } from './platform/platform-keys-routes.ts';
import { createFeedService } from './platform/feed-service.ts';
import { feedRoutes } from './platform/feed-routes.ts';
import { KEY_ID_HEADER, SIGNATURE_HEADER } from './platform/signature.ts';

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

export interface AppOptions {
  config: Config;
  database: Database;
  /**
   * Where pure reports read (a PostgreSQL read replica, `REPORTS_DATABASE_URL`); the primary when
   * absent. Writes, and reads that must see the caller's own writes at once (payments, wagers,
   * sessions), always use the primary.
   */
  reportsDatabase?: Database | undefined;
  /** Log destination for tests that read the log; defaults to stdout. */
  logStream?: NodeJS.WritableStream;
  /**
   * The clock of every rule that depends on "now": periods, expiries, entry times (default: the
   * config's NOW, moving on from it, or the real clock).
   */
  now?: Clock;
}

export async function buildApp({
  config,
  database,
  reportsDatabase,
  logStream,
  now = clockStartingAt(config.now),
}: AppOptions) {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : loggerOptions(config.logLevel, logStream),
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    bodyLimit: 256 * 1024,
    clientErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Each request's place in the line for a database connection (db/admission.ts).
  // And where it came from, for the audit and log-in records (http/request-origin.ts).
  const countryHeader = config.trustProxy ? config.countryHeader : null;
  app.addHook('onRequest', (request, _reply, done) =>
    requestAdmission.run({ admitted: false }, () =>
      requestOrigin.run(originOf(request, countryHeader), done),
    ),
  );

  await app.register(fastifyCookie);
  // Before any route: it hooks each route as it is added (JSON answers only; see the plugin).
  await compression(app);
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Backline API',
        version: BUILD_LABEL,
        description: 'Core API and reports API of Backline.',
      },
      components: {
        securitySchemes: {
          Token: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description: 'Token <base64 of fields joined by "|">',
          },
          PlatformKey: {
            type: 'apiKey',
            in: 'header',
            name: KEY_ID_HEADER,
            description: 'The platform feed: an integration key id of the site',
          },
          PlatformSignature: {
            type: 'apiKey',
            in: 'header',
            name: SIGNATURE_HEADER,
            description:
              't=<unix seconds>,v1=<hex HMAC-SHA256 of "t.<raw body>" under the key\u2019s secret>',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const apiPrefixes = ['/api/', config.coreBase, config.reportsBase, config.platformBase];
  errorHandler(app);
  textInput(app);
  securityHeaders(app, database.db, apiPrefixes, captchaEndpoints(config));
  const siteCalls = Object.values(api as Record<string, Endpoint>).filter(
    (e) => e.audience === 'site',
  );
  // Server-to-server calls carry no browser cookie: the site key, or the platform's signature.
  csrf(
    app,
    apiPrefixes,
    new Set([
      ...siteCalls.map((e) => urlOf(config, e)),
      ...Object.values(platformApi).map((e) => config.platformBase + e.path),
    ]),
  );

  const auth = createAuthService({
    db: database.db,
    now,
    sessionIdleMs: config.sessionIdleMs,
    sessionAbsoluteMs: config.sessionAbsoluteMs,
    loginLimits: config.loginLimits,
    secretKey: config.platformSecretKey,
  });
  app.decorateRequest('auth', null);
  app.decorate('authenticate', (request) => auth.resolve(request.headers.authorization));

  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await database.ping();
      return { Status: 'ok', Database: database.kind };
    } catch {
      return reply.code(503).send({ Status: 'unavailable', Database: database.kind });
    }
  });

  const db = database.db;
  const readDb = (reportsDatabase ?? database).db;
  const ledger = createLedgerService({ db, now });
  // Agent actions for the platform: written with each action, delivered by the queue (decision 019).
  const webhooks = createWebhooks({
    database,
    settings: config.webhooks,
    now,
    log: app.log,
    secretKey: config.platformSecretKey,
  });
  const outbox = webhooks.outbox;
  const agents = createAgentsService({ db });
  const currency = createCurrencyService({ db: readDb });
  authRoutes(app, config, auth);
  // Two-step sign-in (issue 20): the log-in's second step, the agent's own, the site's policy.
  secondStepRoutes(
    app,
    config,
    auth.secondStep,
    createSecondStepSettingsService({ db, now, secondStep: auth.secondStep }),
  );
  passkeysRoutes(
    app,
    config,
    createPasskeysService({ db, now, rp: config.webauthn }),
    createPasskeySignInService({ db, now, rp: config.webauthn, secondStep: auth.secondStep }),
  );
  agentsRoutes(app, config, agents, createAgentSettingsService({ db }));
  agentLanguageRoutes(app, config, createAgentLanguageService({ db }));
  notificationsRoutes(
    app,
    config,
    createNotificationsService({ db, channels: database.channels, log: app.log, now }),
  );
  currencyRoutes(app, config, currency);
  // The live ticker of the risk desk (issue 19): wager activity of a subtree as it happens.
  liveRoutes(
    app,
    config,
    createLiveService({ db, currency, channels: database.channels, log: app.log, now }),
  );
  // Every report: its service, its routes, and its tables' export sources (reports/report-modules.ts).
  const sources = registerReports(app, config, {
    db,
    reportsDb: readDb,
    now,
    ledger,
    outbox,
    currency,
    agents,
  });
  // Exports call the same services, so a file holds exactly the rows its report answers with.
  const exports = createExportService({ db, currency, sources, now });
  exportRoutes(app, config, exports, createExportTickets({ db, exports, now }));

  const mailer = createMailer({ db, smtpUrl: config.smtpUrl, from: config.mailFrom, now });
  app.addHook('onClose', async () => mailer.close());
  accountsRoutes(
    app,
    config,
    createPasswordChangeService({ db, mailer, now, outbox }),
    createAgentPasswordsService({ db, mailer, now, outbox }),
  );
  signUpRoutes(
    app,
    config,
    createSignUpService({ db, mailer, outbox, now, captcha: captchaEndpoints(config) }),
  );
  createPlayerRoutes(app, config, createPlayerCreateService({ db, mailer, outbox, now }));
  agentCreateRoutes(app, config, createAgentCreateService({ db, mailer, outbox, now }));
  if (config.env !== 'production') outboxRoutes(app, (limit) => selectLatestOutboxMail(db, limit));

  const platformKeys = createPlatformKeysService({ db, now, secretKey: config.platformSecretKey });
  platformKeysRoutes(app, config, platformKeys);
  // Applied events go live to the agents above (notifications/feed-live.ts).
  const live = createFeedLive({ db, log: app.log });
  app.addHook('onClose', () => live.settled());
  await feedRoutes(app, config, {
    keys: platformKeys,
    feed: createFeedService({ db, now, live }),
    now,
    firstInLine,
  });

  webhooksRoutes(app, config, webhooks.service);
  await webhooks.start();
  app.addHook('onClose', () => webhooks.stop());
  // The weekly sheets by e-mail at each cut-off, on the same queue machinery (decision 033).
  if (config.sheetMails.enabled) {
    const sheetMails = createSheetMails({
      database,
      settings: config.sheetMails,
      now,
      log: app.log,
      mailer,
      exports,
      currency,
    });
    await sheetMails.start();
    app.addHook('onClose', () => sheetMails.stop());
  }
  // Players' CLV and the alerts, from the live log, one process at a time (risk/risk-worker.ts).
  alertsRoutes(app, config, createAlertsService({ db, now, webhooks: config.webhooks }));
  // Sessions and the log-in history (issue 20): each user's own, and a parent's of its subtree.
  sessionsRoutes(
    app,
    config,
    createSessionsService({ db, now }),
    createLoginHistoryService({ db, now }),
  );
  if (config.riskWorker.enabled) {
    const riskWorker = createRiskWorker({
      database,
      settings: config.riskWorker,
      webhooks: config.webhooks,
      now,
      log: app.log,
      mailer,
    });
    await riskWorker.start();
    app.addHook('onClose', () => riskWorker.stop());
  }

  await spa(app, config.webDist ?? DEFAULT_WEB_DIST, apiPrefixes);
  return app;
}
