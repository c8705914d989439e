import { readFileSync } from 'node:fs';

/** The server's version, from its package.json (same relative place from src/ and dist/). */
export const version: string = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
