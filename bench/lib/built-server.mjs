// The built server (`npm run build` first) as a child process on a free loopback port, for the start and web
// suites. Each run gets its own DATA_DIR, hence its own embedded PostgreSQL, so no suite touches another's data.
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, SERVER_NODE_FLAGS } from './server.mjs';

// BENCH_SERVER_DIST points at another build of the server (to compare before and after a change), as in ./server.mjs.
export const serverMain = process.env.BENCH_SERVER_DIST
  ? path.resolve(process.env.BENCH_SERVER_DIST, 'main.js')
  : fileURLToPath(new URL('../../apps/server/dist/main.js', import.meta.url));
export const seedCli = fileURLToPath(new URL('../../apps/server/dist/seed-cli.js', import.meta.url));

export { freePort };

/** Only what the server needs: the caller's environment would leak DATABASE_URL or REDIS_URL into the run. */
export function serverEnv(dataDir, port, extra = {}) {
  return {
    PATH: process.env.PATH,
    HOST: '127.0.0.1',
    PORT: String(port),
    // The address benches open pages at: the socket accepts only this Origin (without it the server expects
    // http://localhost:PORT, refuses the pages' sockets with 1008, and they reconnect and re-fetch again and again).
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...extra,
  };
}

/** Spawns the server and resolves once `GET /v1/health` answers 200; `ms` is spawn to that answer. */
export async function startServer(dataDir, { port, env = {}, timeoutMs = 60_000 } = {}) {
  port ??= await freePort();
  const t0 = process.hrtime.bigint();
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, serverMain], {
    env: serverEnv(dataDir, port, env),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr = (stderr + d).slice(-4000)));
  const exited = new Promise((r) => child.once('exit', r));
  let dead = false;
  void exited.then(() => (dead = true));
  for (;;) {
    if (dead) throw new Error(`the server exited before answering:\n${stderr}`);
    if (Number(process.hrtime.bigint() - t0) / 1e6 > timeoutMs) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer within ${timeoutMs} ms:\n${stderr}`);
    }
    try {
      if ((await fetch(`http://127.0.0.1:${port}/v1/health`)).ok) break;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  // CPU time the server process had used by then: unlike `ms`, it hardly moves with the machine's load.
  const stat = await readFile(`/proc/${child.pid}/stat`, 'utf8').catch(() => '');
  const ticks = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const cpuMs = ((Number(ticks[11]) + Number(ticks[12])) * 1000) / 100; // utime + stime, 1/100 s ticks
  return {
    child,
    port,
    ms,
    cpuMs,
    url: `http://127.0.0.1:${port}`,
    /** Resident set size of the server process (not its PostgreSQL), in MB. */
    async rssMb() {
      const status = await readFile(`/proc/${child.pid}/status`, 'utf8').catch(() => '');
      return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024;
    },
    async stop(signal = 'SIGTERM') {
      if (dead) return;
      child.kill(signal);
      await exited;
    },
  };
}

/**
 * A postmaster left behind by a server killed with SIGKILL (on purpose, or by a crash of the suite) would outlive
 * the suite: stop it through its pid file, like the server itself does on its next start.
 */
export async function stopLeftoverPostgres(dataDir) {
  const pgDir = path.join(dataDir, 'pg');
  const pid = Number(
    (await readFile(path.join(pgDir, 'postmaster.pid'), 'utf8').catch(() => '')).split('\n')[0],
  );
  if (!pid) return;
  const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  if (!cmdline.includes(pgDir)) return; // gone, or the pid now belongs to something else
  process.kill(pid, 'SIGINT'); // PostgreSQL's fast shutdown
  for (let i = 0; i < 200 && (await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')); i++)
    await new Promise((r) => setTimeout(r, 50));
}
