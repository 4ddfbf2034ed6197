// Seeds one template database per run; each test file then works on its own copy of it.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/open-database.ts';
import { seedDemo } from '../src/seed/seed-demo.ts';
import { TEST_SEED } from './seed-options.ts';

export type Template =
  { kind: 'pglite'; dir: string } | { kind: 'postgres'; url: string; name: string };

declare module 'vitest' {
  export interface ProvidedContext {
    template: Template;
    /** `npm test -- --thorough`: property-based and model tests at their full counts (vitest.config.ts). */
    thorough: boolean;
  }
}

export default async function setup(project: TestProject) {
  const { databaseUrl } = loadConfig();
  if (databaseUrl) {
    const name = `backline_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    const url = withDatabase(databaseUrl, name);
    const database = await openDatabase({ url });
    await seedDemo(database.db, TEST_SEED);
    await database.close();
    project.provide('template', { kind: 'postgres', url: databaseUrl, name });
    return async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'backline-template-'));
  const database = await openDatabase({ dataDir: dir });
  await seedDemo(database.db, TEST_SEED);
  await database.close();
  project.provide('template', { kind: 'pglite', dir });
  return () => rmSync(dir, { recursive: true, force: true });
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export function copyDir(from: string): string {
  const to = mkdtempSync(join(tmpdir(), 'backline-test-'));
  cpSync(from, to, { recursive: true });
  return to;
}
