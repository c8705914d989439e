import { readdirSync } from 'node:fs';
import { mkdtemp, readFile, rm, chmod, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './test/db.js';
import { startServerProcess, waitForExit } from './test/server-process.js';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function postmasterPid(dataDir: string): Promise<number> {
  return Number((await readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[0]);
}

/** Connects to the embedded PostgreSQL of a running server: its port from the log, its password from the data dir. */
async function embeddedClient(dataDir: string, logLines: Record<string, unknown>[]): Promise<pg.Client> {
  const ready = logLines.filter((l) => l.msg === 'embedded PostgreSQL ready').at(-1);
  const { pgPassword } = JSON.parse(await readFile(path.join(dataDir, 'secrets.json'), 'utf8')) as {
    pgPassword: string;
  };
  const client = new pg.Client({
    host: '127.0.0.1',
    port: Number(ready!.port),
    user: 'postgres',
    password: pgPassword,
    database: 'postgres',
  });
  await client.connect();
  return client;
}

describe('the server process on its embedded PostgreSQL', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'outing-main-'));
    await chmod(dataDir, 0o755);
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('initialises, keeps data across a Ctrl-C, and comes back after kill -9', async () => {
    // First run: initialises the cluster and migrates.
    const first = await startServerProcess({ DATA_DIR: dataDir });
    const db1 = await embeddedClient(dataDir, first.logLines());
    await db1.query(`INSERT INTO users (username, email) VALUES ('persisted', 'persisted@example.com')`);
    await db1.end();
    const pid1 = await postmasterPid(dataDir);
    const config = async (port: number) =>
      (
        (await (await fetch(`http://127.0.0.1:${port}/v1/config`)).json()) as {
          data: { vapidPublicKey: string };
        }
      ).data;
    const pushKey = (await config(first.port)).vapidPublicKey;
    expect(pushKey).toMatch(/^[A-Za-z0-9_-]{80,}$/);

    // A second server on the same data directory must not take the running server's database away.
    await expect(startServerProcess({ DATA_DIR: dataDir })).rejects.toThrow(
      /in use by a running Outing server/,
    );
    expect(alive(pid1)).toBe(true);
    expect((await fetch(`http://127.0.0.1:${first.port}/v1/health`)).status).toBe(200);

    // Ctrl-C: graceful stop takes the database down with it.
    first.child.kill('SIGINT');
    expect(await waitForExit(first.child)).toBe(0);
    expect(alive(pid1)).toBe(false);
    expect(first.output()).toContain('"msg":"stopped"');

    // Second run: the row is still there.
    const second = await startServerProcess({ DATA_DIR: dataDir });
    const db2 = await embeddedClient(dataDir, second.logLines());
    expect((await db2.query('SELECT username FROM users')).rows).toEqual([{ username: 'persisted' }]);
    expect((await config(second.port)).vapidPublicKey).toBe(pushKey); // generated once, then kept
    await db2.end();
    const pid2 = await postmasterPid(dataDir);

    // kill -9 leaves the postmaster running; the next start must stop it and come up.
    second.child.kill('SIGKILL');
    await waitForExit(second.child);
    expect(alive(pid2)).toBe(true);
    const third = await startServerProcess({ DATA_DIR: dataDir });
    expect(alive(pid2)).toBe(false);
    expect(third.output()).toContain('stopping a PostgreSQL left running by an earlier server');
    const db3 = await embeddedClient(dataDir, third.logLines());
    expect((await db3.query('SELECT count(*)::int AS n FROM users')).rows[0]).toEqual({ n: 1 });
    await db3.end();
    const pid3 = await postmasterPid(dataDir);
    third.child.kill('SIGTERM');
    expect(await waitForExit(third.child)).toBe(0);
    expect(alive(pid3)).toBe(false);
  }, 120_000);
});

// As root the embedded PostgreSQL runs as the `postgres` user, which must be able to enter DATA_DIR (issue #17).
describe.runIf(process.getuid?.() === 0)('the server process as root on a 0700 DATA_DIR', () => {
  const made: string[] = [];
  afterAll(() => Promise.all(made.map((d) => rm(d, { recursive: true, force: true }))));

  it('starts on a fresh `mktemp -d` folder, giving PostgreSQL only the right to pass through it', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'outing-0700-'));
    made.push(dataDir);
    expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
    const server = await startServerProcess({ DATA_DIR: dataDir });
    expect((await fetch(`http://127.0.0.1:${server.port}/v1/health`)).status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await waitForExit(server.child)).toBe(0);
    // Enter, not list; the secrets stay the server's alone.
    expect((await stat(dataDir)).mode & 0o777).toBe(0o701);
    expect((await stat(path.join(dataDir, 'secrets.json'))).mode & 0o777).toBe(0o600);
  }, 120_000);

  it('stops with one sentence naming the folder above DATA_DIR it may not enter, and the fix', async () => {
    const parent = await mkdtemp(path.join(os.tmpdir(), 'outing-closed-'));
    made.push(parent);
    const dataDir = path.join(parent, 'data');
    let failure = '';
    await startServerProcess({ DATA_DIR: dataDir }).catch((err: Error) => (failure = err.message));
    const said = failure
      .split('\n')
      .slice(1)
      .filter((l) => l.trim() && !l.startsWith('{'));
    expect(said).toEqual([
      `The embedded PostgreSQL runs as the user "postgres", which may not enter ${parent} on the way to DATA_DIR ` +
        `${dataDir}: allow it with \`chmod o+x ${parent}\`, choose a DATA_DIR it can reach, or set DATABASE_URL.`,
    ]);
    expect((await stat(parent)).mode & 0o777).toBe(0o700); // not the server's folder to open
  }, 60_000);
});

describe('the server process on an external PostgreSQL', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase({ empty: true });
  });
  afterAll(() => t.drop());

  it('migrates an empty database at start-up and serves', async () => {
    const server = await startServerProcess({
      DATABASE_URL: t.url,
      DATA_DIR: '/nonexistent-outing-data',
      LOG_LEVEL: 'warn',
    });
    // No SMTP_URL: said once at warn, the level at which the mails themselves (info) are not printed (issue #17).
    expect(server.logLines().filter((l) => /^SMTP_URL is not set/.test(String(l.msg)))).toHaveLength(1);
    const { rows } = await t.pool.query('SELECT name FROM schema_migrations ORDER BY name');
    const files = readdirSync(new URL('./db/migrations/', import.meta.url)).filter((f) => f.endsWith('.sql'));
    expect(rows).toEqual(files.sort().map((name) => ({ name })));
    const res = await fetch(`http://127.0.0.1:${server.port}/v1/nope`);
    expect(res.status).toBe(404);
    server.child.kill('SIGTERM');
    expect(await waitForExit(server.child)).toBe(0);
  }, 60_000);
});
