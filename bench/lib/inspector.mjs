// A minimal Chrome DevTools Protocol client for a server started with `--inspect=127.0.0.1:PORT` (see
// `startServer({ inspect: true })` in ./server.mjs): the soak suite uses it to force a full garbage collection and
// read the heap that is still live afterwards, which tells memory that is held from garbage not yet collected.
import WebSocket from 'ws';

/** Connects to the first target the inspector at `port` lists (the server's main thread). */
export async function connectInspector(port) {
  const deadline = Date.now() + 10_000;
  let targets;
  for (;;) {
    try {
      targets = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
      if (targets.length) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`no inspector on 127.0.0.1:${port}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const ws = new WebSocket(targets[0].webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  let nextId = 1;
  const waiting = new Map();
  ws.on('message', (raw) => {
    const msg = JSON.parse(String(raw));
    const w = msg.id !== undefined && waiting.get(msg.id);
    if (!w) return; // events: none are enabled
    waiting.delete(msg.id);
    if (msg.error) w.reject(new Error(`${w.method}: ${msg.error.message}`));
    else w.resolve(msg.result);
  });
  ws.on('close', () => {
    for (const w of waiting.values()) w.reject(new Error('inspector connection closed'));
    waiting.clear();
  });
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve, reject, method });
      ws.send(JSON.stringify({ id, method, params }));
    });
  const evaluate = async (expression) => {
    const { result, exceptionDetails } = await send('Runtime.evaluate', { expression, returnByValue: true });
    if (exceptionDetails) throw new Error(`evaluate ${expression}: ${exceptionDetails.text}`);
    return result.value;
  };
  return {
    send,
    evaluate,
    /** `process.memoryUsage()` of the server, in MB. */
    async memoryMb() {
      const m = await evaluate('process.memoryUsage()');
      return Object.fromEntries(Object.entries(m).map(([k, v]) => [k, v / 2 ** 20]));
    },
    /**
     * A full, compacting collection (V8's low-memory notification, as DevTools' "collect garbage" button), then
     * `process.memoryUsage()`: `heapUsed` is then what the program still holds. Returns it with the pause in ms.
     */
    async afterFullGc() {
      const t = performance.now();
      await send('HeapProfiler.collectGarbage');
      const pauseMs = performance.now() - t;
      return { ...(await this.memoryMb()), pauseMs };
    },
    close: () => ws.close(),
  };
}
