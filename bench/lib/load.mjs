// autocannon runs and the baseline they are compared with.
import { fork } from 'node:child_process';
import autocannon from 'autocannon';
import { fileURLToPath } from 'node:url';
import { freePort, onCleanup } from './server.mjs';

/**
 * Starts the hello-world baseline, or with `databaseUrl` the one that runs `SELECT 1` per request on a pool of
 * `poolSize`; resolves with its base URL and pid once it listens.
 */
export async function startBaseline(databaseUrl, poolSize) {
  const port = await freePort();
  const args = [String(port), ...(databaseUrl ? [databaseUrl, String(poolSize)] : [])];
  const child = fork(fileURLToPath(new URL('./hello.mjs', import.meta.url)), args, {
    stdio: 'ignore',
  });
  onCleanup(async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  });
  await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`baseline exited with ${code}`)));
  });
  return { base: `http://127.0.0.1:${port}`, pid: child.pid };
}

/**
 * One autocannon run. `requests` are autocannon request objects (a `setupRequest` may vary them per request).
 * `errors` counts connection errors and timeouts (autocannon includes them); non2xx is counted apart.
 */
export async function cannon({ url, connections, seconds, requests }) {
  const r = await autocannon({ url, connections, duration: seconds, requests, timeout: 10 });
  return {
    rps: r.requests.average,
    total: r.requests.total,
    ok: r['2xx'],
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors,
    non2xx: r.non2xx,
  };
}
