// Export of a report: the report's own service makes the rows (same scope, same checks, same
// figures), a description turns them into columns, and a writer streams the file as it is read.
import {
  EXPORT_MEDIA_TYPES,
  type ExportReport,
  type ExportRequest,
  type Language,
} from '@backline/contract';
import type { z } from 'zod';
import type { AgentAuth } from '../auth/auth-context.ts';
import { LABELS } from './export-labels.ts';
import type { FileAnswer } from './export-table.ts';
import type { ExportDeps, Filters, SourceContext } from './export-context.ts';
import type { ExportSources, Prepared } from './export-source.ts';
import type { Log } from '../log.ts';

type ParsedRequest = z.output<typeof ExportRequest>;

/** The report's source with its filters: the request's union keeps each report with its own. */
function prepareReport<R extends ExportReport>(
  sources: ExportSources,
  ctx: SourceContext,
  req: { report: R; filters: Filters<R> },
): Promise<Prepared> {
  return sources[req.report](ctx, req.filters);
}

export function createExportService(
  deps: ExportDeps & { sources: ExportSources; now?: () => Date },
) {
  const now = deps.now ?? (() => new Date());

  /**
   * `written` hears the rows written so far; `failed` hears why a file that had begun broke off
   * (an AbortError when its reader went away).
   */
  async function exportFile(
    auth: AgentAuth,
    req: ParsedRequest,
    log: Log,
    hooks: { written?: (rows: number) => void; failed?: (error: unknown) => void } = {},
  ): Promise<FileAnswer> {
    const language: Language = req.language;
    const ctx: SourceContext = { deps, auth, labels: LABELS[language], language };
    const prepared = await prepareReport(deps.sources, ctx, req);
    const exportedAt = now();
    const body = prepared.open(
      req.format,
      {
        language,
        timeZone: auth.timeZone,
        exportedAt,
        ...(hooks.written ? { written: hooks.written } : {}),
      },
      (error) => {
        hooks.failed?.(error);
        if ((error as Error).name === 'AbortError')
          log.info('export stopped: the reader went away');
        else log.error({ err: error }, 'export failed after it started');
      },
    );
    return {
      fileName: `${prepared.name(exportedAt, auth.timeZone)}.${req.format}`,
      contentType: EXPORT_MEDIA_TYPES[req.format],
      body,
    };
  }

  /**
   * Answers every refusal the export would (scope, filters, size) without making the file: the
   * report is read up to its first chunk, as the export itself does before its first byte.
   */
  async function check(auth: AgentAuth, req: ParsedRequest): Promise<void> {
    const ctx: SourceContext = { deps, auth, labels: LABELS[req.language], language: req.language };
    await (await prepareReport(deps.sources, ctx, req)).close();
  }

  return { exportFile, check };
}

export type ExportService = ReturnType<typeof createExportService>;
