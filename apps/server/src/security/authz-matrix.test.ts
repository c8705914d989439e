import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema, roomResponse, roomsResponse } from '@outing/contract';
import { createTestApp, type TestApp } from '../test/app.js';
import { createRoom } from '../test/rooms.js';
import type { TestUser } from '../test/users.js';
import { buildWorld, digestTables, registeredRoutes } from './authz-fixtures.js';
import type { World } from './authz-world.js';
import {
  callerKinds,
  excluded,
  idKinds,
  NO_ID,
  matrix,
  tokenKinds,
  type Call,
  type CallerKind,
  type Req,
  type Row,
  type TokenKind,
} from './authz-matrix.js';

let t: TestApp;
let w: World;
beforeAll(async () => {
  // Messages numbered only on demand: the background numbering (30 s after the world's first message) rewrites
  // messages and rooms, and landing during a denied call it read as that call's change (decision 014).
  t = await createTestApp(undefined, undefined, { messageNumbering: null });
  w = await buildWorld(t);
});
afterAll(() => t.close());

/** Calls as a user with a fresh token: the matrix's logout row revokes the tokens made with the world. */
const as = (u: TestUser) => async (method: 'GET' | 'PATCH', url: string) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${await w.tokenOf(u)}` } });

const isTokenKind = (k: CallerKind): k is TokenKind => (tokenKinds as readonly string[]).includes(k);
const key = (row: Row) => `${row.method} ${row.route}`;

/** Sends a row's request as one kind of caller. */
async function send(row: Row, build: (w: World, c: Call) => Req, who: CallerKind) {
  const me = isTokenKind(who)
    ? w.users.host
    : who === 'self' || who === 'other'
      ? w.users.loner
      : w.users[who];
  const id = who === 'other' ? (row.victim?.(w) ?? w.users.member).id : me.id;
  const req = build(w, { who, me, id });
  const token = who === 'anonymous' ? undefined : isTokenKind(who) ? w.badTokens[who] : await w.tokenOf(me);
  const res = await t.app.inject({
    method: req.method,
    url: req.url,
    headers: { ...req.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(req.payload ? { payload: req.payload } : {}),
  });
  return Object.assign(res, { me: isTokenKind(who) ? undefined : me });
}

/** The missing-resource call with its path id (a room UUID or NO_ID) made malformed; undefined if none is in the path. */
function withMalformedId(req: Req): Req | undefined {
  const path = req.url.split('?')[0]!;
  const bad = path
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/, 'a'.repeat(5000))
    .replace(String(NO_ID), 'not-an-id');
  return bad === path ? undefined : { ...req, url: req.url.replace(path, bad) };
}

const changedTables = (a: Record<string, string>, b: Record<string, string>) =>
  Object.keys({ ...a, ...b }).filter((k) => a[k] !== b[k]);

/** What an error answer says, without the per-request parts. */
const answer = (res: { statusCode: number; body: string }) => {
  const body = JSON.parse(res.body) as Record<string, unknown>;
  return { status: res.statusCode, code: body.code, message: body.message, issues: body.issues };
};

/** Problems with a denied answer: not the error envelope, or it names something private. */
function leaks(res: { body: string }): string[] {
  const problems: string[] = [];
  const parsed = errorEnvelopeSchema.safeParse(JSON.parse(res.body));
  if (!parsed.success) problems.push(`not an error envelope: ${res.body.slice(0, 200)}`);
  if (/"token"/.test(res.body)) problems.push('carries a token');
  for (const secret of w.secrets) if (res.body.includes(secret)) problems.push(`reveals "${secret}"`);
  return problems;
}

/**
 * Addresses the caller may not see (docs/api/README.md#shapes: the real email only for yourself and your friends). A
 * guest or a deleted account has none (email ''), which every answer would "contain".
 */
async function hiddenEmails(me: TestUser): Promise<string[]> {
  const { rows } = await t.database.pool.query<{ email: string }>(
    `SELECT email FROM users u WHERE u.id <> $1 AND u.email <> ''
       AND NOT EXISTS (SELECT 1 FROM friendships f WHERE f.user_id = $1 AND f.friend_id = u.id)`,
    [me.id],
  );
  return rows.map((r) => r.email);
}

describe('the matrix covers the app', () => {
  it('has a row for every route the app registered, and no row for a route it did not', () => {
    const registered = registeredRoutes(t);
    // The parse of Fastify's route tree is right only if Fastify knows every route it produced.
    for (const r of registered) {
      const [method, url] = r.split(' ') as [string, string];
      expect(t.app.hasRoute({ method: method as 'GET', url }), r).toBe(true);
    }
    const gets = new Set(registered.filter((r) => r.startsWith('GET ')).map((r) => r.slice(4)));
    const heads = new Set(registered.filter((r) => r.startsWith('HEAD ')).map((r) => r.slice(5)));
    expect([...heads].sort()).toEqual([...gets].sort());

    const routes = new Set(registered.filter((r) => !r.startsWith('HEAD ')));
    const rows = new Set(matrix.map(key));
    expect(
      [...routes].filter((r) => !rows.has(r) && !(r in excluded)),
      'routes without a row',
    ).toEqual([]);
    expect(
      [...rows].filter((r) => !routes.has(r)),
      'rows without a route',
    ).toEqual([]);
    expect(Object.keys(excluded).filter((r) => !routes.has(r) || rows.has(r))).toEqual([]);
    expect(routes.size).toBeGreaterThan(40);
  });

  it('states an expected status for every kind of caller on every row', () => {
    for (const row of matrix) {
      const kinds = callerKinds.filter((k) => row.expect[k] !== undefined);
      const wanted = callerKinds.filter(
        (k) => row.scope === 'self' || !(idKinds as readonly string[]).includes(k),
      );
      expect(kinds, `${key(row)} ${row.variant ?? ''}`).toEqual(wanted);
      expect(row.route.startsWith('/v1/users/:id') ? 'self' : row.scope).toBe(row.scope);
    }
  });
});

describe.each(matrix.map((row) => [`${key(row)}${row.variant ? ` (${row.variant})` : ''}`, row] as const))(
  '%s',
  (_name, row) => {
    it('answers every caller as the contract says; a denied call changes nothing and reveals nothing', async () => {
      const problems: string[] = [];
      // Denied cells first, so that an allowed call cannot change what a denied one is refused on.
      const cells = callerKinds
        .filter((k) => row.expect[k] !== undefined)
        .sort((a, b) => Number(row.expect[a]! < 400) - Number(row.expect[b]! < 400));
      // A denied call's "after" is the next one's "before": nothing else touches this database in between.
      let last: Record<string, string> | undefined;
      const unchanged = async (who: CallerKind, what: string) => {
        const before = last ?? (await digestTables(t));
        last = await digestTables(t);
        const changed = changedTables(before, last);
        if (changed.length) problems.push(`${who}: ${what} changed ${changed.join(', ')}`);
      };
      for (const who of cells) {
        const expected = row.expect[who]!;
        if (expected < 400) last = undefined;
        else last ??= await digestTables(t);
        const res = await send(row, row.request, who);
        if (res.statusCode !== expected)
          problems.push(`${who}: expected ${expected}, got ${res.statusCode} ${res.body.slice(0, 160)}`);
        // Allowed answers of signed-in routes: no address of someone the caller is not a friend of.
        if (res.statusCode < 400 && res.me && row.expect.anonymous === 401) {
          const seen = (await hiddenEmails(res.me)).filter((e) => res.body.includes(e));
          if (seen.length) problems.push(`${who}: shows the addresses of non-friends ${seen.join(', ')}`);
        }
        if (expected < 400) continue;
        await unchanged(who, 'the denied call');
        if (res.statusCode < 400) continue;
        for (const leak of leaks(res)) problems.push(`${who}: ${leak}`);
        // What exists but is not yours is refused (403); only what does not exist is 404, unless the contract
        // says 404 for it (`hidden`). A caller without a valid token (401), or on another user's `{id}` (403), is
        // refused before anything is looked up, so alike either way.
        const refusedFirst = isTokenKind(who) || who === 'other';
        if (expected === 404 && !refusedFirst && row.expect.anonymous === 401 && !row.hidden)
          problems.push(`${who}: 404 for something that exists; the contract says 403 for what is not yours`);
        if (row.missing) {
          const probe = await send(row, row.missing.request, who);
          await unchanged(who, 'the call naming a missing resource');
          const same = JSON.stringify(answer(probe)) === JSON.stringify(answer(res));
          const wanted = refusedFirst ? expected : row.missing.status;
          if (probe.statusCode !== wanted)
            problems.push(
              `${who}: expected ${wanted} for a missing resource, got ${probe.statusCode} ${probe.body}`,
            );
          else if ((refusedFirst || expected === row.missing.status) && !same)
            problems.push(`${who}: answers ${res.body} but for a missing one ${probe.body}`);
          // The same call with a malformed path id names nothing either: 404 once signed in (issue #17).
          const build = row.missing.request;
          if (withMalformedId(build(w, { who, me: w.users.loner, id: 1 }))) {
            const bad = await send(row, (w2, c) => withMalformedId(build(w2, c))!, who);
            await unchanged(who, 'the call with a malformed id');
            const want = isTokenKind(who) ? expected : 404;
            if (bad.statusCode !== want || (want === 404 && answer(bad).code !== 'NOT_FOUND'))
              problems.push(`${who}: expected ${want} for a malformed id, got ${bad.statusCode} ${bad.body}`);
          }
        }
      }
      expect(problems).toEqual([]);
    });
  },
);

describe('room links', () => {
  const uuidV4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  it('are UUIDv4: 122 random bits, every random digit varies from room to room', async () => {
    const loner = { ...w.users.loner, token: await w.tokenOf(w.users.loner) };
    const made = await Promise.all(
      Array.from({ length: 24 }, (_, i) => createRoom(t, loner, { name: `Entropy ${i}`, isPrivate: true })),
    );
    const ids = made.map((m) => m.room.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const m of made) {
      expect(m.room.id).toMatch(uuidV4);
      expect(m.room.url).toBe(`${t.app.deps.config.publicUrl}/room/${m.room.id}`);
    }
    // A counter or a clock in the id would hold some digits still across rooms made within the same second.
    const hex = ids.map((id) => id.replaceAll('-', ''));
    const still = [...Array(32).keys()].filter((i) => i !== 12 && new Set(hex.map((h) => h[i])).size === 1);
    expect(still).toEqual([]);
  });

  it('a guessed id of a private room finds nothing, and answers exactly like any other unknown id', async () => {
    const priv = w.rooms.priv.id;
    const neighbour = `${priv.slice(0, -1)}${priv.endsWith('0') ? '1' : '0'}`;
    const stranger = as(w.users.stranger);
    const before = await digestTables(t);
    const answers = [];
    for (const id of [neighbour, randomUUID(), randomUUID()]) {
      for (const [method, url] of [
        ['GET', `/v1/rooms/${id}`],
        ['PATCH', `/v1/rooms/${id}/join`],
        ['GET', `/v1/rooms/${id}/messages`],
      ] as const) {
        const res = await stranger(method, url);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(leaks(res)).toEqual([]);
        answers.push(`${method} ${url.replace(id, '{id}')} ${JSON.stringify(answer(res))}`);
      }
    }
    expect(new Set(answers).size).toBe(3);
    expect(changedTables(before, await digestTables(t))).toEqual([]);
    expect((await stranger('GET', '/v1/rooms/not-a-room')).statusCode).toBe(404);
  });

  it('a stranger holding the link sees the room as the join screen needs it (docs/api/README.md#rooms), and nothing more', async () => {
    const stranger = as(w.users.stranger);
    const res = await stranger('GET', `/v1/rooms/${w.rooms.priv.id}`);
    expect(res.statusCode).toBe(200);
    const room = roomResponse.parse(res.json()).data;
    expect(room).toMatchObject({ id: w.rooms.priv.id, isPrivate: true, hostId: w.users.host.id });
    expect(room.host.email).toBe('');
    expect(res.body).not.toContain(w.users.host.email);
    for (const url of ['/v1/rooms', '/v1/rooms/public']) {
      const listed = roomsResponse.parse((await stranger('GET', url)).json()).data;
      expect(listed.map((r) => r.id)).not.toContain(w.rooms.priv.id);
    }
  });
});
