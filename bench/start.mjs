// Start to first answer of the built server (`npm run build` first): a first run that initialises its embedded
// PostgreSQL, then later runs on the same data; and the server's RSS once ready. Prints a Markdown table.
// Usage: node bench/start.mjs [runs=7]
import { spawn } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const main = fileURLToPath(new URL('../apps/server/dist/main.js', import.meta.url));
const runs = Number(process.argv[2] ?? 7);

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

async function startOnce(dataDir) {
  const port = await freePort();
  const t0 = process.hrtime.bigint();
  const child = spawn(process.execPath, [main], {
    env: {
      PATH: process.env.PATH,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/v1/health`)).ok) break;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  const status = await readFile(`/proc/${child.pid}/status`, 'utf8').catch(() => '');
  const rssMb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
  return { ms, rssMb };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const firsts = [];
const laters = [];
const rss = [];
for (let i = 0; i < 3; i++) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'outing-bench-start-'));
  await chmod(dir, 0o755);
  firsts.push((await startOnce(dir)).ms);
  for (let j = 0; j < Math.ceil(runs / 3); j++) {
    const r = await startOnce(dir);
    laters.push(r.ms);
    rss.push(r.rssMb);
  }
  await rm(dir, { recursive: true, force: true });
}
console.log(`| measure | median | min | max | runs |`);
console.log(`|---|---|---|---|---|`);
const row = (name, xs, unit) =>
  console.log(
    `| ${name} | ${median(xs).toFixed(0)} ${unit} | ${Math.min(...xs).toFixed(0)} ${unit} | ${Math.max(...xs).toFixed(0)} ${unit} | ${xs.length} |`,
  );
row('first run (initdb + migrate) → first 200', firsts, 'ms');
row('later run → first 200', laters, 'ms');
row('server RSS when ready', rss, 'MB');
