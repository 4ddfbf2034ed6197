// Build step: every compressible file of the built app gets a brotli (name.br) and a gzip (name.gz)
// twin at the strongest settings, once, so the server sends compressed bytes without compressing
// per request (apps/server/src/plugins/spa.ts serves them by Accept-Encoding).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

/** Text formats only: images such as PNG and fonts such as woff2 are compressed already. */
export const COMPRESSIBLE = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.json',
  '.svg',
  '.txt',
  '.xml',
]);

/** Below this a twin saves less than its headers and a disk read cost. */
export const MIN_BYTES = 512;

export interface Precompressed {
  file: string;
  bytes: number;
  br: number | null;
  gzip: number | null;
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

/** Writes name.br and name.gz beside each compressible file of `dir` when they are smaller. */
export function precompressDir(dir: string): Precompressed[] {
  const done: Precompressed[] = [];
  for (const file of walk(dir)) {
    if (!COMPRESSIBLE.has(extname(file))) continue;
    const bytes = readFileSync(file);
    if (bytes.length < MIN_BYTES) continue;
    const br = brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    });
    const gzip = gzipSync(bytes, { level: 9 });
    // A twin no smaller than the file would only cost the browser a decompression.
    const wrote = { br: null as number | null, gzip: null as number | null };
    if (br.length < bytes.length) {
      writeFileSync(`${file}.br`, br);
      wrote.br = br.length;
    }
    if (gzip.length < bytes.length) {
      writeFileSync(`${file}.gz`, gzip);
      wrote.gzip = gzip.length;
    }
    done.push({ file, bytes: bytes.length, ...wrote });
  }
  return done;
}

/** Vite plugin: precompresses the output directory once the build has written everything. */
export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'backline:precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle() {
      const outDir = resolve(config.root, config.build.outDir);
      const files = precompressDir(outDir);
      const total = (pick: (f: Precompressed) => number) =>
        files.reduce((sum, f) => sum + pick(f), 0);
      config.logger.info(
        `precompressed ${files.length} files: ${(total((f) => f.bytes) / 1024).toFixed(0)} KB -> ` +
          `${(total((f) => f.br ?? f.bytes) / 1024).toFixed(0)} KB brotli, ` +
          `${(total((f) => f.gzip ?? f.bytes) / 1024).toFixed(0)} KB gzip`,
      );
    },
  };
}
