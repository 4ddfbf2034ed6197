import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const contractSrc = fileURLToPath(new URL('./packages/contract/src', import.meta.url));
const webSrc = fileURLToPath(new URL('./apps/web/src', import.meta.url));
// `npm test -- --thorough` sets THOROUGH=1: property-based and model tests run at their full counts
// (tests read it with inject('thorough')).
const thorough = process.env.THOROUGH === '1';

// Unit tests live beside the code; API tests under apps/server/test run against a real database
// (PGlite by default, PostgreSQL when DATABASE_URL is set by scripts/test.ts).
export default defineConfig({
  test: {
    projects: [
      {
        // Tests resolve imports as apps/web/vite.config.ts does: the contract file by file, and `@/`.
        resolve: {
          alias: [
            { find: /^@backline\/contract\/(.+)$/, replacement: `${contractSrc}/$1` },
            { find: /^@\//, replacement: `${webSrc}/` },
          ],
        },
        test: {
          name: 'unit',
          provide: { thorough },
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/*/src/**/*.test.{ts,tsx}',
            'scripts/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          provide: { thorough },
          include: ['apps/server/test/**/*.test.ts'],
          exclude: ['apps/server/test/cluster/**'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          setupFiles: ['apps/server/test/setup-file.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // Each file builds its app on its own database; importing the server and PGlite again
          // for every file cost about a fifth of the suite.
          isolate: false,
        },
      },
      {
        // The cluster suite (scripts/cluster.ts): PostgreSQL with a standby, three server
        // processes and HAProxy, started once for the file; `npm test` runs it as its own step.
        test: {
          name: 'cluster',
          // CLUSTER_REPLICATION=async measures what a failover loses without synchronous commit.
          provide: { replication: process.env.CLUSTER_REPLICATION === 'async' ? 'async' : 'sync' },
          include: ['apps/server/test/cluster/**/*.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
