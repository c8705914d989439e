import { builtinEnvironments, type Environment } from 'vitest/runtime';

/**
 * The `web-server` project's environment: vitest's jsdom, with two differences that let the real server run in the
 * same process as the page (real-server.ts).
 *
 * - Modules are prepared for Node (`viteEnvironment: 'ssr'`), as in the server's projects: the browser transform
 *   rewrites `new URL('…', import.meta.url)` into a URL of the page, which the server reads files with.
 * - The JavaScript buffers are Node's: vitest's jsdom replaces `ArrayBuffer` and the typed arrays with the window's,
 *   another realm's, and Node's own code (Buffer, fastify, jose) then fails `instanceof` checks on what the server
 *   makes (fastify answered a Buffer as JSON: `payload.buffer instanceof ArrayBuffer` was false).
 */
const jsdom = builtinEnvironments.jsdom;

const nodeBuffers = {
  ArrayBuffer,
  SharedArrayBuffer,
  DataView,
  Uint8Array,
  Uint8ClampedArray,
  Uint16Array,
  Uint32Array,
  Int8Array,
  Int16Array,
  Int32Array,
  Float32Array,
  Float64Array,
  BigInt64Array,
  BigUint64Array,
};

export default {
  name: 'jsdom-node',
  viteEnvironment: 'ssr',
  async setup(global, options) {
    const window = await jsdom.setup(global, options);
    for (const [name, value] of Object.entries(nodeBuffers))
      Object.defineProperty(global, name, { value, writable: true, configurable: true });
    return window;
  },
} satisfies Environment;
