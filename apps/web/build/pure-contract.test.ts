import { rolldown } from 'rolldown';
import { parseAst } from 'rolldown/parseAst';
import { describe, expect, it } from 'vitest';
import { markPure } from './pure-contract';

type Program = Parameters<typeof markPure>[1];
const mark = (code: string) => markPure(code, parseAst(code) as unknown as Program, 'contract.ts').code;

/** Bundles `entry`, which imports `./contract` (marked by the plugin's function), and returns the output. */
async function bundle(contract: string, entry: string): Promise<string> {
  const files: Record<string, string> = { entry, contract };
  const build = await rolldown({
    input: 'entry',
    logLevel: 'silent',
    plugins: [
      {
        name: 'files',
        resolveId: (id) => id.replace('./', ''),
        load: (id) => (id === 'contract' ? mark(files[id]!) : files[id]),
      },
    ],
  });
  const { output } = await build.generate({ format: 'esm' });
  return output[0].code;
}

// A stand-in for zod: every call records itself, so a call left in the bundle shows in its text.
const contract = `
const calls = [];
globalThis.calls = calls;
const z = new Proxy({}, { get: (_, name) => (...args) => { calls.push(name); return chain(name); } });
function chain(name) { return { name, max: () => chain(name + '.max'), refine: (fn) => ({ name, fn }) }; }
export const usedSchema = z.object({ id: z.number('usedMarker').max(5) });
export const unusedSchema = z.object({ secret: z.string('unusedMarker').max(1) });
export const checked = z.string('checkedMarker').refine((v) => { console.log('kept'); return v; });
export function helper() { console.log('helperCall'); }
`;

describe('the contract marked pure', () => {
  it('annotates each call of a top-level declaration, one inside a chain too, but none inside a callback', () => {
    const out = mark(`export const s = z.string().max(5).refine((v) => check(v));\nrun();`);
    expect(out).toBe(
      'export const s = (/* @__PURE__ */ (/* @__PURE__ */ (/* @__PURE__ */ z.string()).max(5)).refine((v) => check(v)));\nrun();',
    );
  });

  it('leaves out of the bundle a schema nothing uses, and keeps what is used with its callbacks whole', async () => {
    const code = await bundle(
      contract,
      `import { usedSchema, checked } from './contract'; console.log(usedSchema, checked);`,
    );
    expect(code).not.toContain('unusedMarker');
    expect(code).toContain('usedMarker');
    expect(code).toContain('console.log("kept")');
  });

  it('keeps a schema a file uses, whichever file', async () => {
    const code = await bundle(
      contract,
      `import { unusedSchema } from './contract'; console.log(unusedSchema);`,
    );
    expect(code).toContain('unusedMarker');
    expect(code).not.toContain('checkedMarker');
  });
});
