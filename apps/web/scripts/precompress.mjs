/* eslint-disable no-console -- a build step's summary */
// Brotli and gzip copies of the built scripts and stylesheets (dist/assets/x.js → x.js.br, x.js.gz), which the
// server sends instead of the file to browsers that accept them (@fastify/static `preCompressed`). Compressing
// once at build time at the highest levels costs nothing per request; uncompressed, the first screen is ~4× the
// bytes (Lighthouse "Enable text compression", issue 9). Run by `npm run build` after `vite build`.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// `node scripts/precompress.mjs [dist directory]`, apps/web/dist by default.
const assets = process.argv[2]
  ? join(process.argv[2], 'assets')
  : fileURLToPath(new URL('../dist/assets/', import.meta.url));
// Hashed assets only: files outside assets/ (index.html, the manifest, a service worker) may need headers chosen
// by their exact name, and are small.
const compressible = /\.(js|css|svg|json)$/;

let before = 0;
let after = 0;
let count = 0;
for (const name of readdirSync(assets)) {
  if (!compressible.test(name)) continue;
  const file = join(assets, name);
  const raw = readFileSync(file);
  if (raw.length < 1024) continue; // a packet either way
  const br = brotliCompressSync(raw, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
    },
  });
  const gz = gzipSync(raw, { level: 9 });
  if (br.length < raw.length) writeFileSync(`${file}.br`, br);
  if (gz.length < raw.length) writeFileSync(`${file}.gz`, gz);
  before += raw.length;
  after += Math.min(br.length, raw.length);
  count++;
}
console.log(
  `precompressed ${count} assets: ${(before / 1000).toFixed(0)} kB → ${(after / 1000).toFixed(0)} kB brotli`,
);
