import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';

// Imports flow one way (STYLE.md convention 3), checked on resolved paths, so an alias, a relative
// path, a feature's index and a dynamic import() are all seen: a web feature imports no other
// feature, and no module imports one that imports it back. scripts/lint-rules.test.ts proves both.
const FEATURES = 'apps/web/src/features';
const featureNames = readdirSync(new URL(`./${FEATURES}`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const importGraph = [
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Reads .ts and .tsx as modules (parsed by typescript-eslint); resolves as tsc does.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'scripts/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: [`${FEATURES}/**/*.{ts,tsx}`],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: featureNames.map((name) => ({
            target: `./${FEATURES}/${name}`,
            from: `./${FEATURES}`,
            except: [`./${name}`],
            message:
              'Features never import each other: move what both need to components/ or lib/.',
          })),
        },
      ],
    },
  },
];

export default tseslint.config(
  {
    ignores: ['**/node_modules', '**/dist', 'data', '.tmp', 'test-results', 'apps/server/drizzle'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  // Server layering (issue 16 item 10, decision 025): routes -> services -> repositories -> db.
  // Proved rule by rule in apps/server/src/layering.test.ts.
  {
    files: ['apps/server/src/**/*-routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*', '**/db/**'],
              message: 'Routes never import the db layer: call a service.',
            },
          ],
        },
      ],
    },
  },
  {
    // A report's export file makes its rows through the report's service, as the routes do.
    files: ['apps/server/src/**/*-service.ts', 'apps/server/src/**/*-export.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/db/query.ts'],
              importNames: ['queryRows'],
              message: 'Services run no statements: call the module repository.',
            },
            {
              group: [
                'drizzle-orm',
                'drizzle-orm/*',
                '**/db/*',
                '!**/db/query.ts',
                '!**/db/db-errors.ts',
                '!**/db/notify-channel.ts',
              ],
              message:
                'SQL lives in repositories (decision 025); a service takes only db/query.ts types.',
            },
            {
              group: ['fastify', 'fastify-*', '@fastify/*', '**/http/**'],
              message: 'Services know no HTTP: routes adapt requests (a logger is log.ts Log).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/**/*.ts'],
    ignores: ['apps/server/src/config.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read configuration in src/config.ts only.',
        },
      ],
    },
  },
  ...importGraph,
);
