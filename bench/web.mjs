// Web benchmark (`npm run build` first): gzip size of what the production build loads for the first screen and
// for each route, whether every screen is lazily loaded, and Lighthouse mobile scores of /login and, signed in as
// the seeded demo user, / and /room/{id}, served by the built server. Writes the `web` section of
// docs/performance.md. Usage: node bench/web.mjs [Lighthouse runs per page = 3]; WEB_DIST=<dir> measures another
// build of apps/web than apps/web/dist; LH_DUMP=<dir> keeps every Lighthouse report.
import { execFile } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort, seedCli, serverEnv, startServer, stopLeftoverPostgres } from './lib/built-server.mjs';
import { audit, CATEGORIES, checkRenders, METRICS, openBrowser } from './lib/lighthouse-run.mjs';
import { median, writeSection } from './lib/report.mjs';
import { analyseBundle, distDir, gzipBytes } from './lib/web-bundle.mjs';

const runs = Number(process.argv[2] ?? 3);
const TARGET = { firstScreenJs: 130_000, performance: 95, accessibility: 100, 'best-practices': 100 };
const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const t0 = performance.now();

const bundle = analyseBundle();

// The demo (seed.ts): ann / outing123, member of rooms with chat, bills and transactions.
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'outing-bench-web-'));
await chmod(dataDir, 0o755); // the embedded PostgreSQL drops root privileges
const port = await freePort();
let server;
let browser;
const pages = [];
try {
  await promisify(execFile)(process.execPath, [seedCli], { env: serverEnv(dataDir, port) });
  server = await startServer(dataDir, { port, env: { RATE_LIMITS: 'off', WEB_DIST: distDir } });
  console.log(`demo seeded and server up in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const login = await fetch(`${server.url}/v1/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'ann', password: 'outing123' }),
  });
  const { token } = await login.json();
  if (!token) throw new Error(`demo login failed: ${login.status}`);
  const rooms = (
    await (await fetch(`${server.url}/v1/rooms`, { headers: { authorization: `Bearer ${token}` } })).json()
  ).data;
  // The room with bills and settled transactions is the heaviest room screen of the demo.
  const room = rooms.find((r) => r.name === 'Ski weekend') ?? rooms[0];
  if (!room) throw new Error('the demo user has no room');

  pages.push(
    // A first visit: the welcome screen (issue #21), what a new visitor's browser shows at /login.
    { label: '/login', path: '/login', token: null, h1: 'Welcome to Outing', runs: [], failed: [] },
    { label: '/ (signed in)', path: '/', token, h1: 'Welcome, ann!', runs: [], failed: [] },
    {
      label: `/room/{id} (signed in, “${room.name}”)`,
      path: `/room/${room.id}`,
      token,
      h1: room.name,
      runs: [],
      failed: [],
    },
  );
  // WEB_PAGES=room (or login,home): only those pages, printed and not written (a quick A/B while changing the code).
  if (process.env.WEB_PAGES) {
    const keep = new Set(process.env.WEB_PAGES.split(','));
    const key = (p) => (p.path === '/login' ? 'login' : p.path === '/' ? 'home' : 'room');
    pages.splice(0, pages.length, ...pages.filter((p) => keep.has(key(p))));
    process.env.WEB_NO_WRITE = '1';
  }
  browser = await openBrowser();
  for (const p of pages) await checkRenders(browser, `${server.url}${p.path}`, p.token, p.h1);
  // Rounds rather than page after page, so that a burst of load on the machine spreads over every page.
  for (let i = 0; i < runs; i++)
    for (const p of pages) {
      const started = performance.now();
      let r;
      // On a loaded machine Lighthouse now and then ends a run without a score (e.g. NO_LCP): run it again.
      for (let attempt = 1; ; attempt++) {
        r = await audit(browser, `${server.url}${p.path}`, p.token);
        if (r.finalPath !== p.path) throw new Error(`${p.path} ended on ${r.finalPath}: not signed in?`);
        const problem = r.error ?? (CATEGORIES.some((c) => Number.isNaN(r.scores[c])) ? 'no score' : null);
        if (!problem) break;
        p.failed.push(problem);
        console.log(`${p.path} run ${i + 1}: ${problem}, attempt ${attempt}`);
        if (attempt === 3) throw new Error(`Lighthouse on ${p.path}: ${problem}`);
      }
      p.runs.push(r);
      console.log(
        `${p.path} run ${i + 1}: ${CATEGORIES.map((c) => r.scores[c]).join(' / ')} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    }
} finally {
  await browser?.close();
  await server?.stop();
  await stopLeftoverPostgres(dataDir);
  await rm(dataDir, { recursive: true, force: true });
}

// ---- report ----
const fs = bundle.firstScreen;
const notLazy = bundle.routes.filter((r) => !r.lazy);
const loginRuns = pages[0].runs;
// What the browser really fetched for /login, to check the static analysis against.
const fetched = [...new Set(loginRuns.flatMap((r) => r.scripts))]
  .filter((p) => p.startsWith('/assets/'))
  .map((p) => p.slice('/assets/'.length));
const fetchedGzip = fetched.reduce((n, f) => n + gzipBytes(f), 0);
const unexpected = fetched.filter((f) => !fs.js.some((j) => j.file === f));

const verdict = (ok) => (ok ? 'met' : '**missed**');
const med = (p, f) => median(p.runs.map(f));
const scoreRows = pages.map((p) => {
  const s = Object.fromEntries(CATEGORIES.map((c) => [c, med(p, (r) => r.scores[c])]));
  const m = Object.fromEntries(Object.keys(METRICS).map((k) => [k, med(p, (r) => r.metrics[k])]));
  const ok = CATEGORIES.every((c) => s[c] >= TARGET[c]);
  return `| ${p.label} | ${s.performance} | ${s.accessibility} | ${s['best-practices']} | ${(m.FCP / 1000).toFixed(2)} s | ${(m.LCP / 1000).toFixed(2)} s | ${m.TBT.toFixed(0)} ms | ${m.CLS.toFixed(3)} | ${(m.SI / 1000).toFixed(2)} s | ${verdict(ok)} |`;
});
const tally = (pick) => {
  const seen = new Map();
  for (const p of pages)
    for (const r of p.runs)
      for (const a of pick(r)) {
        const key = `${p.path.startsWith('/room/') ? '/room/{id}' : p.path} · ${a.id}`;
        const e = seen.get(key) ?? { ...a, page: key.split(' · ')[0], n: 0, ms: [], why: new Set() };
        e.n++;
        for (const w of a.why ?? []) e.why.add(w);
        if (a.savingsMs) e.ms.push(a.savingsMs);
        seen.set(key, e);
      }
  return [...seen.values()];
};
const allRuns = pages.flatMap((p) => p.runs);
const allFailed = pages.flatMap((p) => p.failed);
const failing = tally((r) => r.failing);
const opportunities = tally((r) => r.opportunities);

const routeRows = bundle.routes.map(
  (r) =>
    `| \`${r.path}\` | ${r.chunk ? `\`${r.chunk.replace(/-[\w-]{8}\.js$/, '')}\`` : '—'} | ${r.lazy ? 'yes' : '**no**'} | ${kB(r.chunkGzip)} | ${kB(r.extraGzip)} |`,
);

const benchmarkIndex = median(allRuns.map((r) => r.benchmarkIndex));
const summary = `
Gzip sizes of the production build and Lighthouse mobile (\`node bench/web.mjs ${runs}\`; median of ${runs} runs per page,
Lighthouse's CPU benchmark of the host ${benchmarkIndex.toFixed(0)}${benchmarkIndex < 1000 ? ', **below the 1000 its throttling is calibrated for**' : ''}).

| what | figure | target | |
|---|---|---|---|
| first screen's JavaScript (\`/login\`: the entry, its static imports, the login chunk) | ${kB(fs.jsGzip)} | ≤ 130 kB | ${verdict(fs.jsGzip <= TARGET.firstScreenJs)} |
| screens in a lazy chunk of their own | ${bundle.routes.length - notLazy.length} of ${bundle.routes.length} | all | ${verdict(notLazy.length === 0)} |

| page | performance | accessibility | best practices | FCP | LCP | TBT | CLS | Speed Index | target |
|---|---|---|---|---|---|---|---|---|---|
${scoreRows.join('\n')}
`;

const body = `
\`node bench/web.mjs ${runs}\` after \`npm run build\`. Sizes are gzip at Node's default level of the files in
\`apps/web/dist/assets\` (kB = 1000 bytes); the import graph is read from the chunks, as
\`apps/web/scripts/route-size.mjs\` does.

### First screen (\`/login\`)

| what | gzip | target | |
|---|---|---|---|
| JavaScript: entry \`${bundle.entry}\`, its static imports and the login chunk with its own (${fs.js.length} files) | ${kB(fs.jsGzip)} | ≤ 130 kB | ${verdict(fs.jsGzip <= TARGET.firstScreenJs)} |
| CSS (${fs.css.map((c) => `\`${c.file}\``).join(', ') || 'none'}) | ${kB(fs.cssGzip)} | — | |
| JavaScript the browser fetched for \`/login\` in the Lighthouse runs (${fetched.length} files) | ${kB(fetchedGzip)} | — | |

${fs.js
  .sort((a, b) => b.gzip - a.gzip)
  .slice(0, 4)
  .map((j) => `\`${j.file}\` ${kB(j.gzip)}`)
  .join(', ')} are the largest first-screen files.${
  unexpected.length
    ? ` Also fetched, with \`import()\` once the screen is up (the login call, the sign-in options): ${unexpected.map((f) => `\`${f}\``).join(', ')}.`
    : ' The browser fetched no script outside that graph.'
} All JavaScript of the build: ${kB(bundle.allJsGzip)}.${
  bundle.otherCss.length
    ? ` Other stylesheets: ${bundle.otherCss.join(', ')}.`
    : ' The app has one stylesheet.'
}

### Routes

Every screen must be loaded lazily: ${
  notLazy.length
    ? `**missed**, not lazy: ${notLazy.map((r) => `\`${r.path}\``).join(', ')}`
    : `met, all ${bundle.routes.length} routes of \`src/app/router.tsx\` are chunks of their own that the entry does not import`
}. "Adds" is what opening the route first downloads on top of the entry (its chunk and the chunks it imports
that the entry does not).

| route | chunk | lazy | chunk gzip | adds (gzip) |
|---|---|---|---|---|
${routeRows.join('\n')}

### Lighthouse

Lighthouse 12, default (mobile) config with simulated throttling, system Chromium headless, against the built
server (\`node apps/server/dist/main.js\`, embedded PostgreSQL, the demo of \`npm run seed\`), signed in as \`ann\`
through the token in localStorage. Every run starts with an empty HTTP cache. Median of ${runs} runs per page.
Targets: performance ≥ 95, accessibility 100, best practices 100.${
  allFailed.length
    ? ` ${allFailed.length} run(s) ended without a score and were run again (${[...new Set(allFailed)].join(', ')}).`
    : ''
}

| page | performance | accessibility | best practices | FCP | LCP | TBT | CLS | Speed Index | target |
|---|---|---|---|---|---|---|---|---|---|
${scoreRows.join('\n')}

Failing accessibility and best-practices audits: ${
  failing.length
    ? `\n\n${failing.map((a) => `- ${a.page}: \`${a.id}\` (${a.category}) — ${a.title} (${a.n} of ${runs} runs)${a.why.size ? `: ${[...a.why].join('; ')}` : ''}`).join('\n')}`
    : 'none.'
}

Performance opportunities Lighthouse reports (≥ 50 ms estimated saving): ${
  opportunities.length
    ? `\n\n${opportunities.map((a) => `- ${a.page}: \`${a.id}\` — ${a.title} (~${median(a.ms).toFixed(0)} ms, ${a.n} of ${runs} runs)`).join('\n')}`
    : 'none.'
}

Lighthouse's CPU benchmark of this machine during the runs: median ${median(allRuns.map((r) => r.benchmarkIndex)).toFixed(0)} (range ${Math.min(...allRuns.map((r) => r.benchmarkIndex)).toFixed(0)}–${Math.max(...allRuns.map((r) => r.benchmarkIndex)).toFixed(0)}).${
  median(allRuns.map((r) => r.benchmarkIndex)) < 1000
    ? " **Below 1000, the score Lighthouse's 4× CPU slowdown is calibrated for: Lighthouse warns that the performance score then understates the page (TBT and LCP grow with the host's slowness); rerun on a quiet machine before acting on it.**"
    : ''
}

Suite time: ${((performance.now() - t0) / 1000).toFixed(0)} s; 1-minute load average ${os.loadavg()[0].toFixed(2)} on ${os.cpus().length} cores at the end.
`;

// LH_DUMP without a section write: WEB_NO_WRITE=1 prints the section instead (trying a change out).
if (process.env.WEB_NO_WRITE) console.log(`${summary}\n${body}`);
else await writeSection('web', 'Web', summary, body);
