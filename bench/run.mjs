// Runs the benchmark suites one after another, each as its own process so that one suite's servers, sockets and
// heap cannot disturb the next one's figures. Each suite writes its own section of docs/performance.md.
// Usage (after `npm run build`, which `npm run bench` does first):
//   node bench/run.mjs            every suite
//   node bench/run.mjs api web    only those, in the order of SUITES
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const SUITES = ['start', 'ledger', 'web', 'api', 'money', 'realtime', 'soak', 'scale', 'capacity'];

const asked = process.argv.slice(2);
const unknown = asked.filter((s) => !SUITES.includes(s));
if (unknown.length) {
  console.error(`Unknown suite: ${unknown.join(', ')}. Suites: ${SUITES.join(', ')}.`);
  process.exit(2);
}
const chosen = asked.length ? SUITES.filter((s) => asked.includes(s)) : SUITES;

const results = [];
for (const suite of chosen) {
  const script = fileURLToPath(new URL(`${suite}.mjs`, import.meta.url));
  if (!existsSync(script)) {
    console.log(`\n=== ${suite}: skipped, bench/${suite}.mjs does not exist yet ===`);
    results.push({ suite, status: 'skipped (no script)', seconds: 0 });
    continue;
  }
  console.log(`\n=== ${suite} ===`);
  const t0 = performance.now();
  const code = await new Promise((resolve) => {
    const child = spawn(process.execPath, [script], { stdio: 'inherit' });
    child.on('exit', (c, signal) => resolve(c ?? signal));
    child.on('error', (err) => resolve(err.message));
  });
  const seconds = (performance.now() - t0) / 1000;
  results.push({ suite, status: code === 0 ? 'ok' : `failed (${code})`, seconds });
}

// Issue 9: each suite must finish in under 3 minutes; say so when one does not.
console.log('\n| suite | result | time |\n|---|---|---|');
for (const r of results)
  console.log(
    `| ${r.suite} | ${r.status} | ${r.seconds ? `${r.seconds.toFixed(0)} s${r.seconds > 180 ? ' (over 3 min)' : ''}` : '—'} |`,
  );
if (results.some((r) => r.status.startsWith('failed'))) process.exitCode = 1;
