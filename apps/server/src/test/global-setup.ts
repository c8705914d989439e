import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../db/embedded.js';
import { migrate } from '../db/migrate.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A superuser connection to the test PostgreSQL server (its `postgres`/`test` database). */
    adminDatabaseUrl: string;
    /** A migrated database every test file clones its own database from. */
    templateDatabase: string;
  }
}

const quiet = { info: () => {}, warn: () => {} };

/**
 * Runs once per test run: PostgreSQL from TEST_DATABASE_URL, or an embedded one in a temporary directory, with a
 * migrated template database. Test files clone the template (`CREATE DATABASE … TEMPLATE`), which takes milliseconds.
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedPostgres | undefined;
  let tmp: string | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'outing-test-pg-'));
    await import('node:fs/promises').then((fs) => fs.chmod(tmp!, 0o755));
    embedded = await startEmbeddedPostgres(tmp, quiet);
    adminUrl = embedded.url;
  }
  // One per project of the run (the server's files run in two projects, decision 016).
  const template = `outing_template_${process.pid}_${project.name.replace(/\W/g, '_')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${template}`);
  await admin.query(`CREATE DATABASE ${template}`);
  const pool = new pg.Pool({ connectionString: withDatabase(adminUrl, template), max: 2 });
  await migrate(pool);
  await pool.end();

  project.provide('adminDatabaseUrl', adminUrl);
  project.provide('templateDatabase', template);

  return async () => {
    // Drop whatever test databases a crashed file left behind, then the template.
    const left = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE $1`,
      [`outing_t_${process.pid}_%`],
    );
    for (const { datname } of left.rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await admin.end();
    await embedded?.stop();
    if (tmp) await rm(tmp, { recursive: true, force: true });
  };
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
