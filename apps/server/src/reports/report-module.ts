// A report as the app registers it: its service made from the app's shared parts, its routes, and
// a source per table it exports. app.ts registers every module of report-modules.ts in one loop.
import type { FastifyInstance } from 'fastify';
import type { ExportOf, ReportName } from '@backline/contract';
import type { Config } from '../config.ts';
import { routesOf, type AddRoute } from '../http/route.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/query.ts';
import type { AgentsService } from '../agents/agents-service.ts';
import type { CurrencyService } from '../currency/currency-service.ts';
import type { LedgerService } from '../ledger/ledger-service.ts';
import type { Outbox } from '../webhooks/webhooks.ts';
import type { Filters, SourceContext } from '../export/export-context.ts';
import type { ExportSources, Prepared } from '../export/export-source.ts';

/** What a report's service is made from: one of each for the whole app. */
export interface ReportDeps {
  db: Db;
  now: Clock;
  ledger: LedgerService;
  outbox: Outbox;
  currency: CurrencyService;
  agents: AgentsService;
}

/** Where a report's agent actions go for the platform's webhooks (absent: nobody is told). */
export interface AgentActions {
  outbox?: Outbox;
}

/** What a payments report posts with. */
export type PaymentDeps = Pick<ReportDeps, 'db' | 'ledger' | 'now'> & AgentActions;

interface ReportParts<N extends ReportName, S> {
  /**
   * 'reports': a pure report, its service reads where reports read (the replica, when there is
   * one); 'primary': it writes, or must see the caller's own writes at once.
   */
  db: 'reports' | 'primary';
  service: (deps: ReportDeps) => S;
  routes: (route: AddRoute, service: S) => void;
  /** A source per table the report exports, as report-names.ts lists them. */
  exports: {
    [R in ExportOf<N>]: (service: S, ctx: SourceContext, filters: Filters<R>) => Promise<Prepared>;
  };
}

export interface ReportModule<N extends ReportName> {
  name: N;
  /** Makes the service and adds the routes; answers the report's export sources. */
  register(
    app: FastifyInstance,
    config: Config,
    deps: ReportDeps & { reportsDb: Db },
  ): Pick<ExportSources, ExportOf<N>>;
}

export function reportModule<N extends ReportName, S>(
  name: N,
  parts: ReportParts<N, S>,
): ReportModule<N> & {
  /** The service as `register` makes it, for a caller in-process (the bench times its SQL). */
  service: (deps: ReportDeps) => S;
} {
  return {
    name,
    service: parts.service,
    register(app, config, { reportsDb, ...deps }) {
      const service = parts.service(parts.db === 'reports' ? { ...deps, db: reportsDb } : deps);
      parts.routes(routesOf(app, config), service);
      const sources: Record<string, (s: S, ctx: SourceContext, f: never) => Promise<Prepared>> =
        parts.exports;
      return Object.fromEntries(
        Object.entries(sources).map(([table, source]) => [
          table,
          (ctx: SourceContext, filters: never) => source(service, ctx, filters),
        ]),
      ) as Pick<ExportSources, ExportOf<N>>;
    },
  };
}
