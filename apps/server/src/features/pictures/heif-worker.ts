import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * HEIC decoding in a worker thread. libheif compiled to WebAssembly decodes on the thread that calls it: a 12 MP
 * iPhone photo held the event loop for 7–8 s here, during which the instance answered nobody. In a worker the event
 * loop stays free; the worker decodes one picture at a time, and is stopped when idle (WebAssembly memory, grown to
 * hold a large picture, is never given back otherwise).
 */

export type HeifResult =
  | { ok: true; width: number; height: number; data: Buffer }
  | { ok: false; reason: 'unreadable' | 'too-many-pixels' };

const IDLE_MS = 30_000;

// Plain CommonJS, run with `eval`: no file of its own to build or copy, and the same in tests and in production.
const workerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const decode = require(workerData.heicDecode);
parentPort.on('message', async ({ id, bytes, maxPixels }) => {
  let images;
  try {
    images = await decode.all({ buffer: new Uint8Array(bytes) });
    const first = images[0];
    if (!first || !(first.width > 0) || !(first.height > 0)) throw new Error('no image');
    // Checked before decoding: the decoder allocates every pixel (4 bytes each) at once.
    if (first.width * first.height > maxPixels) {
      parentPort.postMessage({ id, ok: false, reason: 'too-many-pixels' });
      return;
    }
    const { width, height, data } = await first.decode();
    parentPort.postMessage({ id, ok: true, width, height, data: data.buffer }, [data.buffer]);
  } catch {
    parentPort.postMessage({ id, ok: false, reason: 'unreadable' });
  } finally {
    if (images) images.dispose();
  }
});
`;

type Pending = { resolve: (r: HeifResult) => void };
let worker: Worker | undefined;
let idleTimer: NodeJS.Timeout | undefined;
let nextId = 0;
const pending = new Map<number, Pending>();

function stop() {
  const w = worker;
  worker = undefined;
  void w?.terminate();
}

function start(): Worker {
  const heicDecode = createRequire(import.meta.url).resolve('heic-decode');
  const w = new Worker(workerSource, { eval: true, workerData: { heicDecode } });
  w.unref();
  type Message = { id: number } & (
    | { ok: true; width: number; height: number; data: ArrayBuffer }
    | { ok: false; reason: 'unreadable' | 'too-many-pixels' }
  );
  w.on('message', (m: Message) => {
    const p = pending.get(m.id);
    pending.delete(m.id);
    if (!p) return;
    if (m.ok) p.resolve({ ok: true, width: m.width, height: m.height, data: Buffer.from(m.data) });
    else p.resolve({ ok: false, reason: m.reason });
    if (pending.size === 0) idleTimer = setTimeout(stop, IDLE_MS).unref();
  });
  // A crash of the decoder (a WebAssembly abort on hostile input) fails what it was doing, not the server.
  const fail = () => {
    if (worker === w) worker = undefined;
    for (const p of pending.values()) p.resolve({ ok: false, reason: 'unreadable' });
    pending.clear();
  };
  w.on('error', fail);
  w.on('exit', fail);
  return w;
}

export function decodeHeif(bytes: Buffer, maxPixels: number): Promise<HeifResult> {
  clearTimeout(idleTimer);
  worker ??= start();
  const id = (nextId += 1);
  return new Promise<HeifResult>((resolve) => {
    pending.set(id, { resolve });
    // A copy goes over: the request's buffer may be a slice of a larger pooled one.
    const copy = new Uint8Array(bytes).buffer;
    worker!.postMessage({ id, bytes: copy, maxPixels }, [copy]);
  });
}
