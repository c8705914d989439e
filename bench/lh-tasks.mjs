// The main thread's tasks of a Lighthouse run's unthrottled trace (`LH_DUMP=<dir> LH_TRACE=1 node bench/web.mjs`),
// the ones Lighthouse's simulation multiplies by its CPU slowdown (4×) to find Total Blocking Time: every task over
// `min` ms (default 8: 32 ms once slowed down), in order, with what ran inside it (scripts, timers, events, layout).
// Usage: node bench/lh-tasks.mjs <file.trace.json> [min ms = 8]
import { readFile } from 'node:fs/promises';

const [file, minArg] = process.argv.slice(2);
if (!file) throw new Error('usage: node bench/lh-tasks.mjs <file.trace.json> [min ms]');
const min = Number(minArg ?? 8);
const { traceEvents } = JSON.parse(await readFile(file, 'utf8'));

// The renderer's main thread: the thread named CrRendererMain of the process that ran the page's navigation.
const nav = traceEvents.find((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame);
const main = traceEvents.find(
  (e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === nav?.pid,
);
if (!nav || !main) throw new Error('no main frame navigation in this trace');
const t0 = nav.ts;
const events = traceEvents
  .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined)
  .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
const tasks = events.filter((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask');

const label = (e) => {
  const d = e.args?.data ?? {};
  const url = (d.url ?? d.stackTrace?.[0]?.url ?? '').split('/').pop();
  if (e.name === 'FunctionCall') return `FunctionCall ${d.functionName || '(anonymous)'} ${url}`.trim();
  if (e.name === 'EvaluateScript' || e.name === 'v8.compile') return `${e.name} ${url}`;
  if (e.name === 'EventDispatch') return `Event ${d.type}`;
  if (e.name === 'TimerFire') return 'TimerFire';
  return e.name;
};
const inside = new Set([
  'FunctionCall',
  'EvaluateScript',
  'v8.evaluateModule',
  'TimerFire',
  'EventDispatch',
  'Layout',
  'UpdateLayoutTree',
  'ParseHTML',
  'FireAnimationFrame',
  'RunMicrotasks',
  'XHRReadyStateChange',
  'Paint',
  'MajorGC',
  'MinorGC',
]);

let total = 0;
let blocking = 0;
for (const task of tasks) {
  const ms = task.dur / 1000;
  total += ms;
  if (ms < min) continue;
  blocking += Math.max(0, ms * 4 - 50);
  console.log(
    `${((task.ts - t0) / 1000).toFixed(0).padStart(6)} ms  ${ms.toFixed(1).padStart(6)} ms (×4 ${(ms * 4).toFixed(0)})`,
  );
  const end = task.ts + task.dur;
  const parts = new Map();
  for (const e of events) {
    if (e.ts < task.ts || e.ts >= end || e === task || !inside.has(e.name)) continue;
    const key = label(e);
    parts.set(key, (parts.get(key) ?? 0) + e.dur / 1000);
  }
  for (const [key, d] of [...parts].sort((a, b) => b[1] - a[1]).slice(0, 8))
    if (d >= 0.5) console.log(`          ${d.toFixed(1).padStart(6)} ms  ${key}`);
}
console.log(
  `\n${tasks.length} tasks, ${total.toFixed(0)} ms in all; ×4 blocking of those listed ≈ ${blocking.toFixed(0)} ms (before FCP too)`,
);
