// Asks the server for a report as a file and hands it to the browser's downloads. The session goes
// in the Authorization header, never in a URL, so the file comes through fetch and is saved from
// a blob; the server streams it, so the wait is the download itself.
import type { ExportRequest } from '@backline/contract/endpoints/export';
import { EXPORT_ROUTE, type ExportFormat } from '@backline/contract/endpoints/export-route';
import type { Language } from '@backline/contract/enums';
import { ApiError, SERVER_ERROR, sendCall } from '@/lib/api-client';

/** A report with its filters: what a screen exports, before the format and language are chosen. */
export type ExportTarget = ExportRequest extends infer R
  ? R extends ExportRequest
    ? Omit<R, 'format' | 'language'>
    : never
  : never;

export function requestOf(
  target: ExportTarget,
  format: ExportFormat,
  language: Language,
): ExportRequest {
  // Each member of the union keeps its own report and filters; only the two fields are added.
  return { ...target, format, language } as ExportRequest;
}

export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

/** The exact UTF-8 name of Content-Disposition when given, else its plain name, else `fallback`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const exact = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '');
  if (exact?.[1]) {
    try {
      return decodeURIComponent(exact[1].trim());
    } catch {
      // A malformed exact name falls back to the plain one.
    }
  }
  return /filename="([^"]+)"/i.exec(disposition ?? '')?.[1] ?? fallback;
}

export async function fetchExport(
  request: ExportRequest,
  signal?: AbortSignal,
): Promise<DownloadedFile> {
  const response = await sendCall(EXPORT_ROUTE, { body: request, signal });
  try {
    const blob = await response.blob();
    const fallback = `${request.report}.${request.format}`;
    return { blob, fileName: fileNameOf(response.headers.get('content-disposition'), fallback) };
  } catch (error) {
    if (signal?.aborted) throw error;
    // The stream broke off after it began: the server logged why; the reader gets the usual words.
    throw new ApiError(SERVER_ERROR, 0);
  }
}

/** Saves a file through a temporary link, the one way a script can start a named download. */
export function saveFile(file: DownloadedFile): void {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has the file once the download starts; the URL is freed a little later.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
