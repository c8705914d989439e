import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';

const root = new URL('../../../', import.meta.url);

// Production runs the server with node flags (decision 004: --max-semi-space-size=64); the benchmarks must start it
// the same way, or they measure something else than what is deployed.
describe('the production node flags', () => {
  it('npm start passes exactly the flags the benchmarks start every instance with', async () => {
    const pkg = JSON.parse(await readFile(new URL('package.json', root), 'utf8')) as {
      scripts: { start: string };
    };
    const started = /\bnode((?: --[\w-]+(?:=\S+)?)*) apps\/server\/dist\/main\.js$/.exec(pkg.scripts.start);
    expect(started, pkg.scripts.start).not.toBeNull();
    const startFlags = started![1]!.trim().split(' ').filter(Boolean);

    const bench = await readFile(new URL('bench/lib/server.mjs', root), 'utf8');
    const declared = /export const SERVER_NODE_FLAGS = (\[[^\]]*\]);/.exec(bench);
    expect(declared).not.toBeNull();
    const benchFlags = JSON.parse(declared![1]!.replace(/'/g, '"')) as string[];

    expect(startFlags).toEqual(['--max-semi-space-size=64']);
    expect(benchFlags).toEqual(startFlags);
  });
});
