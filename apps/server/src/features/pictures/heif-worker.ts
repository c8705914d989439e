import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { PictureHeader } from './limits.js';

/**
 * HEIC decoding in a worker thread of its own, one per picture. libheif compiled to WebAssembly decodes on the
 * thread that calls it (a 12 MP iPhone photo held the event loop for 7–8 s), and its memory only grows: a worker
 * per picture gives it all back when the picture is done, and is simply stopped when it takes too long (decision
 * 009, issue 32).
 *
 * The worker reads the header and tells its size; the caller checks it (limits.ts) and answers with the size to
 * keep, or stops the worker. The picture is then decoded whole to 8-bit RGB (libheif applies the file's rotation,
 * mirroring and crop itself) and reduced to that size with sharp inside the worker, reading the decoder's memory in
 * place: only the small picture comes back.
 */

export type HeifResult =
  | { ok: true; width: number; height: number; data: Buffer }
  | { ok: false; reason: 'unreadable' | 'too-slow' };

type Size = { width: number; height: number };

// Plain CommonJS, run with `eval`: no file of its own to build or copy, and the same in tests and in production.
const workerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const lib = require(workerData.libheif);
const sharp = require(workerData.sharp);
sharp.cache(false);
sharp.concurrency(1);
let handle;
const fail = () => parentPort.postMessage({ type: 'unreadable' });
const isError = (v) => !v || (typeof v === 'object' && 'code' in v && v.code !== lib.heif_error_code.heif_error_Ok);
parentPort.on('message', async (m) => {
  try {
    if (m.type === 'read') {
      await lib.ready;
      const ctx = lib.heif_context_alloc();
      if (isError(lib.heif_context_read_from_memory(ctx, new Uint8Array(m.bytes)))) return fail();
      handle = lib.heif_js_context_get_primary_image_handle(ctx);
      if (isError(handle)) return fail();
      // The size after the file's rotation and crop, as it will be decoded; nothing is decoded yet.
      const width = lib.heif_image_handle_get_width(handle);
      const height = lib.heif_image_handle_get_height(handle);
      parentPort.postMessage({ type: 'header', width, height });
    } else if (m.type === 'decode') {
      const image = await lib.heif_js_decode_image2(
        handle, lib.heif_colorspace.heif_colorspace_RGB, lib.heif_chroma.heif_chroma_interleaved_RGB);
      if (isError(image) || !image.channels) return fail();
      const plane = image.channels.find((c) => c.id === lib.heif_channel.heif_channel_interleaved);
      if (!plane || !(plane.width > 0) || !(plane.height > 0)) return fail();
      const { width, height, stride } = plane;
      const heap = plane.data;
      // Rows are 'stride' bytes apart; moved together in place (each row only moves left, onto bytes already read),
      // so that sharp reads them as one picture without a copy of it.
      const rowBytes = width * 3;
      if (stride !== rowBytes)
        for (let y = 1; y < height; y++) heap.copyWithin(y * rowBytes, y * stride, y * stride + rowBytes);
      const pixels = Buffer.from(heap.buffer, heap.byteOffset, rowBytes * height);
      const { data, info } = await sharp(pixels, { raw: { width, height, channels: 3 } })
        .resize(m.width, m.height, { fit: 'fill' })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const out = new Uint8Array(data).buffer;
      parentPort.postMessage({ type: 'pixels', width: info.width, height: info.height, data: out }, [out]);
    }
  } catch {
    fail();
  }
});
`;

let paths: { libheif: string; sharp: string } | undefined;
function modulePaths() {
  const require = createRequire(import.meta.url);
  paths ??= { libheif: require.resolve('libheif-js/wasm-bundle'), sharp: require.resolve('sharp') };
  return paths;
}

/**
 * Decodes a HEIC or HEIF. `admit` sees its header and answers the size to reduce it to, or throws (the picture is
 * refused and nothing is decoded). The worker is stopped once the picture is done, refused, or after `timeLimitMs`.
 */
export function decodeHeif(
  bytes: Buffer,
  opts: { admit: (header: PictureHeader) => Size; timeLimitMs: number },
): Promise<HeifResult> {
  const worker = new Worker(workerSource, { eval: true, workerData: modulePaths() });
  worker.unref();
  return new Promise<HeifResult>((resolve, reject) => {
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      outcome();
    };
    const timer = setTimeout(
      () => finish(() => resolve({ ok: false, reason: 'too-slow' })),
      opts.timeLimitMs,
    );
    type Message =
      | { type: 'header'; width: number; height: number }
      | { type: 'pixels'; width: number; height: number; data: ArrayBuffer }
      | { type: 'unreadable' };
    worker.on('message', (m: Message) => {
      if (m.type === 'unreadable') finish(() => resolve({ ok: false, reason: 'unreadable' }));
      else if (m.type === 'pixels')
        finish(() => resolve({ ok: true, width: m.width, height: m.height, data: Buffer.from(m.data) }));
      else {
        let size: Size;
        try {
          size = opts.admit({ width: m.width, height: m.height, wholeDecodeBytes: 0, heif: true });
        } catch (err) {
          finish(() => reject(err as Error));
          return;
        }
        worker.postMessage({ type: 'decode', ...size });
      }
    });
    // A crash of the decoder (a WebAssembly abort on hostile input) fails this picture, not the server.
    worker.on('error', () => finish(() => resolve({ ok: false, reason: 'unreadable' })));
    worker.on('exit', () => finish(() => resolve({ ok: false, reason: 'unreadable' })));
    // A copy goes over: the request's buffer may be a slice of a larger pooled one.
    const copy = new Uint8Array(bytes).buffer;
    worker.postMessage({ type: 'read', bytes: copy }, [copy]);
  });
}
