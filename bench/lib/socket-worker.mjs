// A worker thread holding many sockets for the realtime suite, so that parsing tens of thousands of frames a
// second does not delay the main thread's posting clock (nor the other worker's receipts).
// workerData: { wsBase, tokens: string[], prefix, messages, concurrency }.
// Messages in: 'report' → { counts: Uint16Array and latencies: Float32Array (NaN until received), both indexed
// socket × messages + message, unexpectedCloses },
// 'close' → closes every socket and answers 'closed'. Out: { type: 'connected', failed, ms } once all are open.
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';

const { wsBase, tokens, prefix, messages, concurrency } = workerData;
const now = () => performance.timeOrigin + performance.now();
const needle = `"content":"${prefix}`;
const counts = new Uint16Array(tokens.length * messages);
const latencies = new Float32Array(tokens.length * messages).fill(NaN); // first receipt, ms after the POST
let unexpectedCloses = 0;
let closing = false;
const sockets = [];

function open(i) {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${wsBase}/v1/ws?token=${encodeURIComponent(tokens[i])}`);
    sockets[i] = ws;
    ws.on('message', (raw) => {
      const at = now();
      // A string search rather than JSON.parse: parsing every frame was most of this thread's time, and the
      // clients share the machine with the servers they measure. Content: `${prefix}${seq} ${sentAtMs}`.
      const text = raw.toString();
      const start = text.indexOf(needle);
      if (start < 0 || !text.includes('"type":"CREATE_MESSAGE"')) return;
      const from = start + needle.length;
      const [seq, sentAt] = text.slice(from, text.indexOf('"', from)).split(' ').map(Number);
      if (counts[i * messages + seq]++ === 0) latencies[i * messages + seq] = at - sentAt;
    });
    ws.once('open', () => resolve(true));
    ws.once('error', () => resolve(false));
    ws.on('close', () => {
      if (!closing) unexpectedCloses++;
      resolve(false);
    });
  });
}

const t0 = now();
let next = 0;
let failed = 0;
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (next < tokens.length) if (!(await open(next++))) failed++;
  }),
);
parentPort.postMessage({ type: 'connected', failed, ms: now() - t0 });

parentPort.on('message', (m) => {
  if (m === 'report') {
    parentPort.postMessage({
      type: 'report',
      counts,
      latencies,
      unexpectedCloses,
    });
  } else if (m === 'close') {
    closing = true;
    let pending = sockets.filter((s) => s.readyState !== WebSocket.CLOSED);
    if (pending.length === 0) parentPort.postMessage({ type: 'closed' });
    for (const s of pending)
      s.once('close', () => {
        pending = pending.filter((x) => x !== s);
        if (pending.length === 0) parentPort.postMessage({ type: 'closed' });
      });
    for (const s of sockets) s.close(1000);
  }
});
