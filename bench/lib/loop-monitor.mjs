// A preload for a bench's server instances, to tell the server's own latency from the load generator's:
// `BENCH_NODE_ARGS=--import=./bench/lib/loop-monitor.mjs node bench/capacity.mjs`. Every 2 s it appends to
// `$TMPDIR/outing-loop-<pid>.log` the event loop's utilisation and delay (p99, max) and the HTTP requests' time inside
// the process, from the `request` event to the response's `finish` (count, p50, p99, max).
import { appendFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createHistogram, monitorEventLoopDelay, performance } from 'node:perf_hooks';

const file = path.join(os.tmpdir(), `outing-loop-${process.pid}.log`);
const loop = monitorEventLoopDelay({ resolution: 5 });
loop.enable();
const latency = createHistogram();
const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (event, req, res) {
  if (event === 'request') {
    const t0 = performance.now();
    res.once('finish', () => latency.record(Math.max(1, Math.round((performance.now() - t0) * 1000))));
  }
  return emit.apply(this, arguments);
};
const ms = (ns) => (ns / 1e6).toFixed(1);
const msOfUs = (us) => (us / 1000).toFixed(1);
let elu = performance.eventLoopUtilization();
setInterval(() => {
  const busy = performance.eventLoopUtilization(elu).utilization;
  elu = performance.eventLoopUtilization();
  appendFileSync(
    file,
    `${new Date().toISOString()} loop busy ${busy.toFixed(2)} delay p99 ${ms(loop.percentile(99))} max ${ms(loop.max)} ms` +
      ` | requests ${latency.count} p50 ${msOfUs(latency.percentile(50))} p99 ${msOfUs(latency.percentile(99))}` +
      ` max ${msOfUs(latency.max)} ms\n`,
  );
  loop.reset();
  latency.reset();
}, 2000).unref();
