import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { declaredAccess, routesMarkdown, type OpenApiDocument } from './api-routes.js';

/**
 * docs/api/routes.md stays what the server's OpenAPI document says. `UPDATE_API_DOCS=1` writes it instead of
 * comparing (`npm run docs:api -w @outing/server`).
 */
const root = fileURLToPath(new URL('../../../../', import.meta.url));
const routesFile = path.join(root, 'docs/api/routes.md');
const referenceFile = path.join(root, 'docs/api/README.md');
const productFile = path.join(root, 'docs/product.md');
const principlesFile = path.join(root, 'docs/principles.md');

describe('routesMarkdown', () => {
  const doc: OpenApiDocument = {
    paths: {
      '/v1/rooms/{id}/balances': {
        get: { summary: 'The ledger', tags: ['bills'], security: [{ bearer: [] }], responses: { 200: {} } },
      },
      '/v1/rooms/{id}/calendar.ics': {
        get: {
          summary: 'A file',
          tags: ['rooms', 'calendar'],
          security: [{ bearer: [] }],
          responses: { 404: {} },
        },
      },
      '/v1/users/{id}/friends': {
        get: {
          summary: 'Friends | all of them, an <img> & `a<b>`',
          tags: ['friends'],
          security: [{ bearer: [] }],
          parameters: [
            { in: 'query', name: 'limit', required: false },
            { in: 'path', name: 'id', required: true },
          ],
          responses: { 200: {}, 403: {} },
        },
      },
      '/v1/rooms': {
        post: {
          summary: 'Create',
          tags: ['rooms'],
          security: [{ bearer: [] }],
          requestBody: {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    room: { type: 'object', properties: { name: {}, capacity: {} }, required: ['name'] },
                    invitees: { type: 'array' },
                  },
                  required: ['room'],
                },
              },
            },
          },
          responses: { 200: {} },
        },
        get: { summary: 'Mine', tags: ['rooms'], security: [{ bearer: [] }], responses: { 200: {} } },
      },
      '/v1/health': { get: { summary: 'Readiness', tags: ['system'], responses: { 200: {}, 503: {} } } },
    },
  };
  const md = routesMarkdown(doc, new Map([['GET /v1/rooms/{id}/balances', 'member']]));
  const lines = md.split('\n');

  it('groups routes by tag (the last of several), in the reference’s order, paths sorted, GET first', () => {
    expect(lines.filter((l) => l.startsWith('## '))).toEqual([
      '## System',
      '## Friends',
      '## Rooms',
      '## Calendar',
      '## Bills',
    ]);
    const rooms = lines.filter((l) => l.includes('`/v1/rooms`'));
    expect(rooms.map((l) => l.split(' | ')[0])).toEqual(['| GET', '| POST']);
    expect(md).toContain('Every route of the API (6)');
  });

  it('says who may call each route: declared, else what OpenAPI says, in italics', () => {
    const who = (path: string) => lines.find((l) => l.includes(`\`${path}\``))!.split(' | ')[3];
    expect(who('/v1/rooms/{id}/balances')).toBe('member');
    expect(who('/v1/users/{id}/friends')).toBe('_self_');
    expect(who('/v1/health')).toBe('_public_');
    expect(who('/v1/rooms/{id}/calendar.ics')).toBe('_signedIn_');
  });

  it('lists query and body fields, escapes pipes, and names the success status', () => {
    const row = (path: string, method = 'GET') =>
      lines.find((l) => l.startsWith(`| ${method} | \`${path}\``))!;
    expect(row('/v1/users/{id}/friends')).toContain('Friends \\| all of them, an &lt;img> &amp; `a<b>` |');
    expect(row('/v1/users/{id}/friends')).toContain('| query: limit? |');
    expect(row('/v1/rooms', 'POST')).toContain('| body: room{name, capacity?}, invitees? |');
    expect(row('/v1/health')).toMatch(/\| 200 \|$/);
    expect(row('/v1/rooms/{id}/calendar.ics')).toMatch(/\| 200, a file \|$/);
  });
});

describe('docs/api/routes.md', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is what the OpenAPI document the server serves gives, with every declared endpoint’s access', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<OpenApiDocument>();
    const md = routesMarkdown(doc);
    for (const [key, access] of declaredAccess()) {
      const [method, path] = key.split(' ');
      expect(md, key).toContain(`| ${method} | \`${path}\` |`);
      expect(
        md.split('\n').find((l) => l.startsWith(`| ${method} | \`${path}\` |`)),
        key,
      ).toContain(` | ${access} | `);
    }
    if (process.env.UPDATE_API_DOCS === '1') writeFileSync(routesFile, md);
    const onDisk = readFileSync(routesFile, 'utf8');
    expect(
      onDisk === md,
      'docs/api/routes.md differs from the OpenAPI document: run `npm run docs:api -w @outing/server`',
    ).toBe(true);
  });
});

/** GitHub's anchor of a Markdown heading. */
const slug = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

/** The repository's own text files (sources, SQL, docs), without dependencies, builds and test output. */
function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (
        !['node_modules', 'dist', 'data', 'coverage', 'test-results', 'playwright-report'].includes(
          entry.name,
        )
      )
        yield* sourceFiles(file);
    } else if (/\.(ts|tsx|mjs|js|sql|md)$/.test(entry.name)) yield file;
  }
}

/** The anchors of a Markdown file's headings. */
function anchorsOf(file: string): Set<string> {
  return new Set(
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => /^#{1,6} /.test(line))
      .map((line) => slug(line.replace(/^#+ /, '').trim())),
  );
}

/**
 * Every anchor cited of `reference` that it does not have. `cite` matches a citation, `<name>#a`, optionally followed
 * by `, #b` or ` and #c`; inside `reference` itself, `(#a)` links count too.
 */
function brokenAnchors(reference: string, cite: RegExp): { cited: number; broken: string[] } {
  const anchors = anchorsOf(reference);
  const broken: string[] = [];
  let cited = 0;
  for (const file of sourceFiles(root)) {
    const text = readFileSync(file, 'utf8');
    const found = [...text.matchAll(cite)].flatMap((m) => [
      m[1]!,
      ...[...m[2]!.matchAll(/#([a-z0-9-]+)/g)].map((n) => n[1]!),
    ]);
    if (file === reference) found.push(...[...text.matchAll(/\]\(#([a-z0-9-]+)\)/g)].map((m) => m[1]!));
    cited += found.length;
    for (const anchor of found)
      if (!anchors.has(anchor)) broken.push(`${path.relative(root, file)}: #${anchor}`);
  }
  return { cited, broken };
}

const more = String.raw`((?:(?:, | and )#[a-z0-9-]+)*)`;

describe('citations of the repository’s own documents', () => {
  it('name anchors that docs/api/README.md has (`docs/api/README.md#settling`, `#a, #b`, `(#a)` inside it)', () => {
    const { cited, broken } = brokenAnchors(
      referenceFile,
      new RegExp(String.raw`api/README\.md#([a-z0-9-]+)` + more, 'g'),
    );
    expect(cited).toBeGreaterThan(100);
    expect(broken).toEqual([]);
  });

  it('name anchors that docs/product.md has (`docs/product.md#constants`, `#a, #b`, `#a and #b`, `(#a)` inside it)', () => {
    const { cited, broken } = brokenAnchors(
      productFile,
      new RegExp(String.raw`product\.md#([a-z0-9-]+)` + more, 'g'),
    );
    expect(cited).toBeGreaterThan(80);
    expect(broken).toEqual([]);
  });

  it('name principles that docs/principles.md has (`docs/principles.md, principle 7`)', () => {
    const numbers = new Set(
      [...readFileSync(principlesFile, 'utf8').matchAll(/^(\d+)\. \*\*/gm)].map((m) => Number(m[1])),
    );
    expect(numbers.size).toBeGreaterThanOrEqual(9);
    const broken: string[] = [];
    let cited = 0;
    for (const file of sourceFiles(root)) {
      for (const m of readFileSync(file, 'utf8').matchAll(
        /principles\.md\)?,[\s*/]*principle[\s*/]+(\d+)/g,
      )) {
        cited += 1;
        if (!numbers.has(Number(m[1]))) broken.push(`${path.relative(root, file)}: principle ${m[1]}`);
      }
    }
    expect(cited).toBeGreaterThan(15);
    expect(broken).toEqual([]);
  });

  it('leave no citation of a contract outside the repository', () => {
    // Built from parts, so that this file does not cite what it looks for.
    const outsideContract = new RegExp(`${['api', 'contract'].join('-')}|${['shared', 'spec'].join('/')}/`);
    const outside: string[] = [];
    for (const file of sourceFiles(root)) {
      const text = readFileSync(file, 'utf8');
      if (outsideContract.test(text)) outside.push(path.relative(root, file));
    }
    expect(outside).toEqual([]);
  });

  it('cite neither the external specification of the product nor the design file', () => {
    // Built from parts, as above. The product is docs/product.md, the principles are docs/principles.md. Decision
    // records (docs/decisions/) are history: three of them say in words what the team read when they were written,
    // so there only a citation by file name fails.
    const outsideProduct = new RegExp(['product', 'spec'].join('[-\\s*/#]*'), 'i');
    const outsideDesign = new RegExp(`${['DESIGN', 'md'].join('\\.')}|DESIGN[\\s*/#]+[Pp]rinciple`);
    const byFileName = new RegExp(
      `${['product', 'spec'].join('-')}\\.md|${['DESIGN', 'md'].join('\\.')}`,
      'i',
    );
    const decisions = path.join(root, 'docs', 'decisions') + path.sep;
    const outside: string[] = [];
    for (const file of sourceFiles(root)) {
      const text = readFileSync(file, 'utf8');
      const cites = file.startsWith(decisions)
        ? byFileName.test(text)
        : outsideProduct.test(text) || outsideDesign.test(text);
      if (cites) outside.push(path.relative(root, file));
    }
    expect(outside).toEqual([]);
  });
});
