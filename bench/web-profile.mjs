// Where a page's main-thread JavaScript goes while it loads: a CPU profile of one cold load in Chromium with 4× CPU
// slowdown (as Lighthouse's mobile setting), aggregated by source file and by function through the build's source
// maps. Build with maps first: `cd apps/web && npx vite build --sourcemap --outDir /tmp/distmap`, then
// `WEB_DIST=/tmp/distmap node bench/web-profile.mjs [/ | /room | /login] [seconds = 6]`. Prints self time (ms of
// the throttled clock) per file and the heaviest functions; tasks over 50 ms are listed with their stacks' top files.
import { execFile } from 'node:child_process';
import { chmod, mkdtemp, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { SourceMapConsumer } from 'source-map';
import { chromium } from 'playwright-core';
import { freePort, seedCli, serverEnv, startServer } from './lib/built-server.mjs';
import { distDir } from './lib/web-bundle.mjs';

const which = process.argv[2] ?? '/room';
const seconds = Number(process.argv[3] ?? 6);
const ALL_FRAMES = Boolean(process.env.PROFILE_ALL_FRAMES);
// PROFILE_RATE=1: no slowdown, as the load Lighthouse's simulation starts from (it multiplies each task by 4); long
// tasks are then those over 50 × rate / 4 ms (12.5 ms unslowed).
const RATE = Number(process.env.PROFILE_RATE ?? 4);

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'outing-bench-prof-'));
await chmod(dataDir, 0o755);
const port = await freePort();
await promisify(execFile)(process.execPath, [seedCli], { env: serverEnv(dataDir, port) });
const server = await startServer(dataDir, { port, env: { RATE_LIMITS: 'off', WEB_DIST: distDir } });
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium' });
try {
  const { token } = await (
    await fetch(`${server.url}/v1/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'ann', password: 'outing123' }),
    })
  ).json();
  const rooms = (
    await (await fetch(`${server.url}/v1/rooms`, { headers: { authorization: `Bearer ${token}` } })).json()
  ).data;
  const room = rooms.find((r) => r.name === 'Ski weekend') ?? rooms[0];
  const target = which === '/room' ? `/room/${room.id}` : which;

  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  if (which !== '/login') {
    await page.goto(`${server.url}/v1/health`);
    await page.evaluate((t) => localStorage.setItem('accessToken', t), token);
  }
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });
  const traceEvents = [];
  cdp.on('Tracing.dataCollected', ({ value }) => traceEvents.push(...value));
  const traced = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', {
    categories:
      'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,blink.user_timing,loading',
    transferMode: 'ReportEvents',
  });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const t0 = Date.now();
  await page.goto(`${server.url}${target}`, { waitUntil: 'load' });
  await page.waitForTimeout(seconds * 1000 - (Date.now() - t0));
  const { profile } = await cdp.send('Profiler.stop');
  await cdp.send('Tracing.end');
  await traced;
  const frames = await summarise(profile);
  longTasks(traceEvents, profile, frames);
} finally {
  await browser.close();
  await server.stop();
}

async function summarise(profile) {
  const consumers = new Map();
  const consumerOf = async (url) => {
    if (!url.includes('/assets/') || !url.endsWith('.js')) return null;
    if (!consumers.has(url)) {
      const file = path.join(distDir, 'assets', url.split('/assets/')[1]);
      consumers.set(
        url,
        await readFile(`${file}.map`, 'utf8').then(
          (m) => new SourceMapConsumer(JSON.parse(m)),
          () => null,
        ),
      );
    }
    return consumers.get(url);
  };
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map(); // node id → µs
  for (let i = 0; i < profile.samples.length; i++) {
    const dt = profile.timeDeltas[i + 1] ?? 0;
    self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + dt);
  }
  const resolved = new Map();
  const byFile = new Map();
  const byFn = new Map();
  for (const [id, us] of self) {
    const { callFrame: f } = nodes.get(id);
    let file = f.url ? f.url.replace(/^https?:\/\/[^/]+/, '') : `(${f.functionName || 'native'})`;
    let fn = f.functionName || '(anonymous)';
    const c = await consumerOf(f.url);
    if (c) {
      const pos = await c.originalPositionFor({ line: f.lineNumber + 1, column: f.columnNumber });
      if (pos.source) {
        file = pos.source.replace(/^.*node_modules\//, 'nm:').replace(/^(\.\.\/)+/, '');
        fn = `${pos.name ?? fn} ${file}:${pos.line} [${f.functionName || '?'} ${f.url.split('/').pop()}:${f.lineNumber + 1}:${f.columnNumber}]`;
      }
    }
    resolved.set(id, { file, fn });
    byFile.set(file, (byFile.get(file) ?? 0) + us);
    byFn.set(fn, (byFn.get(fn) ?? 0) + us);
  }
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const print = (title, map, n) => {
    console.log(`\n${title}`);
    for (const [k, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, n))
      console.log(`${(us / 1000).toFixed(1).padStart(8)} ms  ${k}`);
  };
  console.log(`profile of ${which}: ${(total / 1000).toFixed(0)} ms sampled (${RATE}× slowdown)`);
  print('self time by file', byFile, 40);
  print('self time by function', byFn, Number(process.env.PROFILE_FUNCTIONS ?? 40));
  // Every node (not only those with self time) by name, for the stacks of the long tasks.
  for (const n of profile.nodes) {
    if (resolved.has(n.id)) continue;
    const f = n.callFrame;
    const c = await consumerOf(f.url);
    const pos = c ? await c.originalPositionFor({ line: f.lineNumber + 1, column: f.columnNumber }) : null;
    resolved.set(n.id, {
      file: pos?.source ?? f.url,
      fn: `${pos?.name ?? f.functionName} ${pos?.source?.replace(/^.*\/src\//, '') ?? ''}:${pos?.line ?? ''}`,
    });
  }
  return resolved;
}

/** The main thread's tasks over 50 ms (of the slowed clock), in order, with what took most of each. */
function longTasks(events, profile, frames) {
  // Sample times (the profile's clock is the trace's).
  const sampleTimes = [];
  let ts = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) sampleTimes.push((ts += profile.timeDeltas[i] ?? 0));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  /** The app's own frames (src/, not node_modules) on the samples within [from, to): inclusive µs each. */
  const appFrames = (from, to) => {
    const incl = new Map();
    for (let i = 0; i < profile.samples.length; i++) {
      if (sampleTimes[i] < from || sampleTimes[i] >= to) continue;
      const dt = profile.timeDeltas[i + 1] ?? 0;
      const seen = new Set();
      for (let id = profile.samples[i]; id !== undefined; id = parent.get(id)) {
        const f = frames.get(id);
        // PROFILE_ALL_FRAMES=1: the packages' frames too (where a library's time goes).
        if (!f || (!ALL_FRAMES && !/apps\/web\/src\//.test(f.file)) || seen.has(f.fn)) continue;
        seen.add(f.fn);
        incl.set(f.fn, (incl.get(f.fn) ?? 0) + dt);
      }
    }
    return [...incl]
      .sort((a, b) => b[1] - a[1])
      .slice(0, ALL_FRAMES ? 14 : 6)
      .map(([k, us]) => `${k.trim()} ${(us / 1000).toFixed(0)}`);
  };
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const mine = events.filter((e) => e.pid === main?.pid && e.tid === main?.tid && e.ph === 'X');
  const nav = events.find((e) => e.name === 'navigationStart' || e.name === 'TracingStartedInBrowser');
  const fcp = events.find((e) => e.name === 'firstContentfulPaint');
  const origin = nav?.ts ?? Math.min(...mine.map((e) => e.ts));
  if (fcp) console.log(`\nfirst contentful paint at ${((fcp.ts - origin) / 1000).toFixed(0)} ms`);
  const long = (50_000 * RATE) / 4;
  const tasks = mine.filter((e) => e.name === 'RunTask' && e.dur >= long);
  console.log(
    `tasks over ${long / 1000} ms: ${tasks.length}, blocking ${(tasks.reduce((a, t) => a + t.dur - long, 0) / 1000).toFixed(0)} ms (of ${RATE}× slowed time: × ${4 / RATE} for Lighthouse's)`,
  );
  for (const t of tasks) {
    const inner = mine
      .filter((e) => e !== t && e.ts >= t.ts && e.ts + e.dur <= t.ts + t.dur && e.dur >= 5_000)
      .filter((e) => !['RunTask', 'ThreadControllerImpl::RunTask', 'RunMicrotasks'].includes(e.name))
      .sort((a, b) => b.dur - a.dur)
      .slice(0, 4)
      .map((e) => {
        const url =
          e.args?.data?.url ?? e.args?.data?.stackTrace?.[0]?.url ?? e.args?.data?.functionName ?? '';
        return `${e.name}${url ? ` ${String(url).split('/').pop()}` : ''} ${(e.dur / 1000).toFixed(0)}`;
      });
    console.log(
      `${((t.ts - origin) / 1000).toFixed(0).padStart(6)} ms  ${(t.dur / 1000).toFixed(0).padStart(4)} ms  ${inner.join(' | ')}`,
    );
    if (t.dur >= 1.5 * long)
      for (const line of appFrames(t.ts, t.ts + t.dur)) console.log(`${' '.repeat(22)}${line}`);
  }
}
