import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { colonPath, endpointGroups, type Access, type EndpointDeclaration } from '@outing/contract';
import { declaredRoutes } from '../lib/route.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { registeredRoutes } from './authz-fixtures.js';
import { matrix, roles, tokenKinds, type Row } from './authz-matrix.js';

/**
 * Every route is declared in packages/contract/src/endpoints and registered from its declaration (decision 020): a
 * `/v1` route registered by hand fails here. (Every route of 2026-12-01's 77 was migrated by 2026-12-02, and the
 * allow-list of those not migrated yet is gone.)
 */

/** `/v1` routes that are not API endpoints: the OpenAPI viewer's files and the socket upgrade. */
const notEndpoints = (key: string) => / \/v1\/docs(\/|$)/.test(key) || key === 'GET /v1/ws';

const declarations: [string, EndpointDeclaration][] = Object.entries(endpointGroups).flatMap(
  ([group, endpoints]) =>
    Object.entries(endpoints).map(([name, e]) => [`${group}.${name}`, e] as [string, EndpointDeclaration]),
);
/**
 * The public routes that answer 401 for the credentials they are sent (a password, the provider's code), not for a
 * missing session: every other public route declares no 401.
 */
const credentialChecks: readonly string[] = ['auth.login', 'auth.google'];
const keyOf = (e: EndpointDeclaration) => `${e.method} /v1${colonPath(e.path)}`;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('every route is declared in the contract', () => {
  it('registers every /v1 route from its declaration', () => {
    const routes = registeredRoutes(t).filter(
      (r) => / \/v1(\/|$)/.test(r) && !r.startsWith('HEAD ') && !r.startsWith('OPTIONS ') && !notEndpoints(r),
    );
    expect(routes.length).toBeGreaterThan(0);
    const declared = declaredRoutes(t.app);
    expect(
      routes.filter((r) => !declared.has(r)),
      'routes not registered from a declaration (packages/contract/src/endpoints, lib/route.ts)',
    ).toEqual([]);
  });

  it('registers every declaration, each once, from the declaration itself', () => {
    const declared = declaredRoutes(t.app);
    const keys = declarations.map(([, e]) => keyOf(e));
    expect(new Set(keys).size, 'two declarations of one route').toBe(keys.length);
    for (const [name, e] of declarations) expect(declared.get(keyOf(e)), name).toBe(e);
    expect(declared.size).toBe(declarations.length);
  });

  it('declares what the access level implies: 401 when signed in, the path’s {id} for self, 403/404 when scoped', () => {
    const scoped: readonly Access[] = [
      'member',
      'host',
      'billEditor',
      'party',
      'payer',
      'payee',
      'owner',
      'invitee',
    ];
    for (const [name, e] of declarations) {
      const placeholders = [...e.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      const params = e.params ? Object.keys((e.params as unknown as { shape: object }).shape) : [];
      expect(params.sort(), `${name}: a params schema key per placeholder`).toEqual(placeholders.sort());
      expect(e.errors.includes(401), `${name}: 401 unless public`).toBe(
        e.access !== 'public' || credentialChecks.includes(name),
      );
      if (e.access === 'self') expect(e.path, name).toMatch(/^\/users\/\{id\}(\/|$)/);
      // A scoped level refuses someone outside it with 403, or 404 where it hides what exists (docs/security.md).
      if (scoped.includes(e.access))
        expect(
          e.errors.some((s) => s === 403 || s === 404),
          name,
        ).toBe(true);
      expect(Boolean(e.data) !== Boolean(e.file), `${name}: data or a file`).toBe(true);
      for (const status of Object.keys(e.errorBodies ?? {}))
        expect(e.errors, `${name}: an error body of a declared status`).toContain(Number(status));
      expect(e.summary.length, name).toBeGreaterThan(0);
    }
  });

  it('documents every declared route in OpenAPI with its summary, tag and security', () => {
    const doc = t.app.swagger() as {
      paths: Record<string, Record<string, { summary?: string; tags?: string[]; security?: unknown }>>;
    };
    for (const [name, e] of declarations) {
      const operation = doc.paths[`/v1${e.path}`]?.[e.method.toLowerCase()];
      expect(operation, name).toBeDefined();
      expect(operation!.summary, name).toBe(e.summary);
      expect(operation!.tags, name).toEqual(typeof e.tag === 'string' ? [e.tag] : e.tag);
      expect(operation!.security, name).toEqual(e.access === 'public' ? undefined : [{ bearer: [] }]);
    }
  });
});

/**
 * The authorisation matrix (authz-matrix.test.ts) runs every route as every kind of caller. Its rows for a declared
 * route must agree with the declared access level: a signed-out call is 401 for every level but `public`, a
 * stranger is refused (403 or 404) where the level is scoped to a room, a bill or a transaction, and so on.
 */
describe('the matrix agrees with the declared access', () => {
  const rowsOf = (e: EndpointDeclaration) =>
    matrix.filter((row) => `${row.method} ${row.route}` === keyOf(e));
  const refused = (status: number | undefined) => status === 403 || status === 404;

  function problems(e: EndpointDeclaration, row: Row): string[] {
    const out: string[] = [];
    const x = row.expect;
    for (const k of tokenKinds) {
      if (e.access === 'public' ? x[k] === 401 : x[k] !== 401) out.push(`${k}: ${x[k]}`);
    }
    switch (e.access) {
      case 'public':
        break;
      case 'signedIn':
        for (const r of roles) if (refused(x[r])) out.push(`${r} refused (${x[r]}) on a signedIn route`);
        break;
      case 'self':
        if (row.scope !== 'self' || x.other !== 403) out.push(`another user's id: ${x.other}`);
        break;
      default:
        if (!refused(x.stranger)) out.push(`stranger: ${x.stranger}`);
        if (e.access === 'host' && !refused(x.member)) out.push(`member (not the host): ${x.member}`);
        if (e.access === 'payer' && !refused(x.payee)) out.push(`payee: ${x.payee}`);
        if (e.access === 'payee' && !refused(x.payer)) out.push(`payer: ${x.payer}`);
    }
    return out;
  }

  it.each(declarations)('%s', (_name, e) => {
    const rows = rowsOf(e);
    expect(rows.length, 'a matrix row').toBeGreaterThan(0);
    for (const row of rows) expect(problems(e, row), row.variant ?? '').toEqual([]);
  });
});
