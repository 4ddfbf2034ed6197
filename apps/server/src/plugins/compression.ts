// API answers go out compressed when the client takes it (issue 14, item 9): a 2,000-player
// NewWeeklyBalance is ~535 KB of JSON and ~58 KB compressed. What is compressed per request is JSON
// (and what mime-db calls compressible, which the plugin always adds):
// - the built SPA is compressed once, at build time, and served as is (plugins/spa.ts);
// - exports (CSV, .xlsx) and the notification stream must reach the client as they are written:
//   a compressor holds bytes back until its window fills, which would delay an export's first row
//   and every event. Their routes opt out (`compress: false` in http/route.ts).
import { constants } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';

/** application/json and the +json types (problem details), with or without parameters. */
export const COMPRESSED_TYPES = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;

/** Smaller answers are sent as they are: the headers and the compressor cost more than they save. */
export const COMPRESSION_THRESHOLD = 1024;

export async function compression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD,
    customTypes: COMPRESSED_TYPES,
    // Quality 5 of 11: a report is compressed on every request, so speed comes first. On the
    // demo's 2,000-player NewWeeklyBalance (535 KB): quality 4, 63.7 KB in 3.5 ms; 5, 58.5 KB in
    // 8 ms; 8, 56.1 KB in 10 ms; 11, 48.2 KB in 0.8 s (gzip level 6: 63.0 KB).
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } },
    zlibOptions: { level: 6 },
    // Request bodies are never compressed by our clients; a compressed body could expand past
    // the body limit's intent, so none is accepted.
    globalDecompression: false,
  });
}
