import MagicString from 'magic-string';
import { rolldown } from 'rolldown';
import { parseAst } from 'rolldown/parseAst';
import { describe, expect, it } from 'vitest';
import { dropAnswerSchemas, dropEndpointSchemas, markPure, productionSchemas, type Node } from './schemas';

const program = (code: string) => parseAst(code) as unknown as Node;
const mark = (code: string) => {
  const s = new MagicString(code);
  markPure(s, program(code));
  return s.toString();
};
const drop = (code: string) => {
  const s = new MagicString(code);
  const n = dropAnswerSchemas(s, program(code));
  return { code: s.toString(), n };
};

/**
 * Bundles `files.entry` with the plugin's transform applied to `files` (named as the app's and the contract's files
 * are, so that the plugin takes them), and returns the output.
 */
async function bundle(files: Record<string, string>): Promise<string> {
  const plugin = productionSchemas();
  const transform = plugin.transform as (code: string, id: string) => { code: string } | null;
  const path = (name: string) =>
    name === 'contract' ? '/repo/packages/contract/src/index.ts' : `/repo/apps/web/src/${name}.ts`;
  const build = await rolldown({
    input: 'entry',
    logLevel: 'silent',
    plugins: [
      {
        name: 'files',
        resolveId: (id) => id.replace('./', '').replace('@outing/', ''),
        load(id) {
          const code = files[id]!;
          return transform.call(this, code, path(id))?.code ?? code;
        },
      },
    ],
  });
  const { output } = await build.generate({ format: 'esm' });
  return output[0].code;
}

// A stand-in for zod: every call records itself, so a call left in the bundle shows in its text.
const contract = `
const z = new Proxy({}, { get: (_, name) => (...args) => chain(name) });
function chain(name) { return { name, max: () => chain(name + '.max'), refine: (fn) => ({ name, fn }) }; }
export const usedSchema = z.object({ id: z.number('usedMarker').max(5) });
export const unusedSchema = z.object({ secret: z.string('unusedMarker').max(1) });
export const answerSchema = z.object({ secret: z.string('answerMarker') });
export const checked = z.string('checkedMarker').refine((v) => { console.log('kept'); return v; });
export const z2 = z;
`;

describe('schemas marked pure', () => {
  it('annotates each call of a top-level declaration, one inside a chain too, but none inside a callback', () => {
    expect(mark(`export const s = z.string().max(5).refine((v) => check(v));\nrun();`)).toBe(
      'export const s = (/* @__PURE__ */ (/* @__PURE__ */ (/* @__PURE__ */ z.string()).max(5)).refine((v) => check(v)));\nrun();',
    );
  });

  it('leaves out of the bundle a contract schema nothing uses, and keeps what is used with its callbacks whole', async () => {
    const code = await bundle({
      contract,
      entry: `import { usedSchema, checked } from '@outing/contract'; console.log(usedSchema, checked);`,
    });
    expect(code).not.toContain('unusedMarker');
    expect(code).toContain('usedMarker');
    expect(code).toContain('console.log("kept")');
  });
});

describe('answer schemas taken out of API calls', () => {
  it('drops the schema option of api.*, apiRequest and getCursorPage, and getCursorPage’s item schema', () => {
    const { code, n } = drop(
      [
        `api.get('/rooms', { schema: roomsSchema, signal });`,
        `api.post('/x', body, { signal, schema: z.null() });`,
        `apiRequest(path, { query, schema: z.array(item), signal });`,
        `getCursorPage('/bills', billSchema, { cursor, signal });`,
        `other({ schema: keep });`,
      ].join('\n'),
    );
    expect(code).toBe(
      [
        `api.get('/rooms', { signal });`,
        `api.post('/x', body, { signal,  });`,
        `apiRequest(path, { query, signal });`,
        `getCursorPage('/bills', undefined, { cursor, signal });`,
        `other({ schema: keep });`,
      ].join('\n'),
    );
    expect(n).toBe(4);
  });

  it('so the app’s and the contract’s answer schemas leave the bundle, and what forms use stays', async () => {
    const code = await bundle({
      contract,
      api: `export const api = { get: (path, options) => [path, options?.schema?.name] };`,
      entry: [
        `import { z } from 'zod';`,
        `import { answerSchema, usedSchema } from '@outing/contract';`,
        `import { api } from './api';`,
        `const answersSchema = z.array(answerSchema);`,
        `const formSchema = usedSchema.extend({ note: z.string('formMarker') });`,
        `console.log(api.get('/a', { schema: answersSchema }), formSchema);`,
      ].join('\n'),
      zod: `export const z = new Proxy({}, { get: (_, name) => (...args) => ({ name, args }) });`,
    });
    expect(code).not.toContain('answerMarker');
    expect(code).toContain('formMarker');
    expect(code).toContain('usedMarker');
  });
});

describe('endpoint declarations', () => {
  it('keep only their method and path', () => {
    const code = `export const a = endpoint({ method: 'GET', path: '/x/{id}', params: p, data: z.array(b), summary: 'S' });`;
    const s = new MagicString(code);
    markPure(s, program(code), undefined, dropEndpointSchemas(s, program(code)));
    expect(s.toString()).toBe(
      `export const a = (/* @__PURE__ */ endpoint({ method: 'GET', path: '/x/{id}',  }));`,
    );
  });

  it('so a called endpoint’s schemas leave the bundle, and an endpoint nothing calls leaves whole', async () => {
    const code = await bundle({
      contract: [
        contract,
        `function endpoint(e) { return e; }`,
        `export const ends = {`,
        `  used: endpoint({ method: 'GET', path: '/usedPath', data: answerSchema, summary: 'usedSummary' }),`,
        `};`,
        `export const unused = endpoint({ method: 'GET', path: '/unusedPath', data: usedSchema });`,
      ].join('\n'),
      entry: `import { ends } from '@outing/contract'; console.log(ends.used.path, ends.used.method);`,
    });
    expect(code).toContain('/usedPath');
    expect(code).not.toContain('answerMarker');
    expect(code).not.toContain('usedSummary');
    expect(code).not.toContain('unusedPath');
    expect(code).not.toContain('usedMarker');
  });
});
