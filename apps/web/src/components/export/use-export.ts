import type { ExportRequest } from '@backline/contract/calls/export';
import {
  exportCancel,
  getExportProgress,
  type ExportProgress,
} from '@backline/contract/calls/export-ticket';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '@/lib/api-client';
import { formatCount, useLocale } from '@/lib/format';
import { useExportStore } from '@/stores/export-store';
import { toast } from '@/stores/toast-store';
import type { StartedExport } from './export-file';

/** How often a running export is asked how far it has got. */
const POLL_MS = 500;

const finished = (p: ExportProgress | undefined) =>
  p !== undefined && p.State !== 'waiting' && p.State !== 'running';

export interface ActiveExport extends StartedExport {
  request: ExportRequest;
}

/**
 * Starts an export in the browser's downloads and follows it: rows written so far, a cancel that
 * stops the server's stream, a toast and an entry among the session's exports when it is done.
 */
export function useExport() {
  const { t } = useTranslation();
  const locale = useLocale();
  const add = useExportStore((s) => s.add);
  const [active, setActive] = useState<ActiveExport | null>(null);
  const told = useRef<number | null>(null);
  const queryClient = useQueryClient();

  const start = useMutation({
    // The ticket's code (every report's request schema) loads with the first export.
    mutationFn: async (request: ExportRequest) =>
      (await import('./export-start')).startExport(request),
    onSuccess: (started, request) => setActive({ ...started, request }),
  });

  const progress = useQuery({
    queryKey: ['export', 'progress', active?.idExport],
    queryFn: ({ signal }) =>
      apiCall(getExportProgress, { query: { idExport: active!.idExport }, signal }),
    enabled: active !== null,
    refetchInterval: (query) => (finished(query.state.data) ? false : POLL_MS),
    retry: false,
  });

  // The cancel answers where the export got: shown as it is, not left to a poll that may have
  // been asked before the cancel (and answer after it). A refused cancel asks again.
  const cancel = useMutation({
    mutationFn: (idExport: number) => apiCall(exportCancel, { body: { idExport } }),
    onSuccess: async (answer, idExport) => {
      const key = ['export', 'progress', idExport];
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData(key, answer);
    },
    onError: () => void progress.refetch(),
  });

  const data = active && progress.data?.IdExport === active.idExport ? progress.data : undefined;
  useEffect(() => {
    if (!active || !data || !finished(data) || told.current === data.IdExport) return;
    told.current = data.IdExport;
    if (data.State === 'done') {
      toast.success(t('export.done', { rows: formatCount(data.Rows, locale), count: data.Rows }));
      add({ request: active.request, rows: data.Rows, at: new Date().toISOString() });
    }
  }, [active, data, add, t, locale]);

  // A ticket the browser never used (downloads blocked in this frame) is void after a minute.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active || data?.State !== 'waiting') return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [active, data?.State]);
  const neverStarted =
    active !== null && data?.State === 'waiting' && now > Date.parse(active.expiresAt);

  return {
    /** Asks for a ticket and starts the download; refusals come back in `error`. */
    run: (request: ExportRequest) => {
      told.current = null;
      start.mutate(request);
    },
    /** The request being exported, while it is asked for or runs. */
    pending: start.isPending ? start.variables : undefined,
    error: start.error ?? cancel.error,
    active,
    progress: data,
    neverStarted,
    running: start.isPending || (active !== null && !finished(data) && !neverStarted),
    cancel: () => active && cancel.mutate(active.idExport),
    cancelling: cancel.isPending,
  };
}

export type ExportControl = ReturnType<typeof useExport>;
