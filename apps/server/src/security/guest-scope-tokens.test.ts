import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declaredRoutes } from '../lib/route.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { createGuest, type TestGuest } from '../test/guests.js';
import { as, createRoom } from '../test/rooms.js';
import { bearer, createUser, type TestUser } from '../test/users.js';
import { declarations, pathOf } from './guest-paths.js';

/**
 * A guest token's scope from both sides (docs/decisions/026-guests.md; guest-scope.test.ts holds the refusals): a
 * guest the host removed holds no session anywhere (401 on every signed-in endpoint), and a guest of room A is never
 * refused by the scope on an endpoint declared `guests: 'room'` called about room A, so the scope closes nothing it
 * declares open.
 */

let t: TestApp;
let host: TestUser;
let roomA: string;
let guestNo = 0;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'http://localhost:3000' });
  host = await createUser(t);
  roomA = (await createRoom(t, host, { name: 'Room A' })).room.id;
});
afterAll(() => t.close());

const newGuest = () => createGuest(t, roomA, `Guest ${(guestNo += 1)}`);

/** The declared endpoints this app registers (declared-routes.test.ts holds every declaration to being registered). */
const registered = () => {
  const routes = declaredRoutes(t.app);
  return declarations.filter(
    ([, e]) => routes.get(`${e.method} /v1${e.path.replace(/\{([^}]+)\}/g, ':$1')}`) === e,
  );
};

const hasBody = (method: string) => ['POST', 'PUT', 'PATCH'].includes(method);

function call(guest: TestGuest, method: string, url: string, payload?: object) {
  return t.app.inject({
    method: method as 'GET',
    url,
    headers: bearer(guest),
    ...(payload ? { payload } : {}),
  });
}

describe('a removed guest’s token', () => {
  it('answers 401 SESSION_ENDED on every declared signed-in endpoint once the host removed the guest', async () => {
    const guest = await newGuest();
    // The guest's session is read (and cached) before the removal, as a guest using the app would have it.
    expect((await call(guest, 'GET', `/v1/rooms/${roomA}`)).statusCode).toBe(200);
    const removed = await as(t, host)('DELETE', `/v1/rooms/${roomA}/guests/${guest.id}`);
    expect(removed.statusCode, removed.body).toBe(200);

    const signedIn = registered().filter(([, e]) => e.access !== 'public');
    expect(signedIn.length).toBeGreaterThan(70);
    for (const [name, e] of signedIn) {
      const url = pathOf(e, roomA, guest.id);
      // With a body naming its room too: the session is refused before the scope or the body is read.
      const res = await call(guest, e.method, url, hasBody(e.method) ? { roomId: roomA } : undefined);
      expect(res.statusCode, `${name} ${e.method} ${url}: ${res.body}`).toBe(401);
      expect(res.json(), name).toMatchObject({ reason: 'SESSION_ENDED' });
    }
  });
});

describe('a guest of room A on the endpoints open to guests', () => {
  function expectNotRefusedByScope(res: { statusCode: number; body: string }, what: string) {
    // Any other answer is the endpoint's own (404 for a made-up record id, 400 for a missing body, 403 NOT_HOST…);
    // 401 would mean the guest's token was not live, and the check proves nothing.
    expect(res.statusCode, `${what}: ${res.body}`).not.toBe(401);
    expect(res.statusCode, `${what}: ${res.body}`).toBeLessThan(500);
    if (res.statusCode === 403)
      expect(JSON.parse(res.body).code, `${what}: ${res.body}`).not.toBe('GUEST_NOT_ALLOWED');
  }

  const open = () => registered().filter(([, e]) => e.guests === 'room');

  it('is never refused GUEST_NOT_ALLOWED on a `guests: room` endpoint, room A in the path where it names a room', async () => {
    expect(open().length).toBeGreaterThan(30);
    const statuses: Record<string, number> = {};
    for (const [name, e] of open()) {
      // A guest of its own per call: logout, leaving or removing something must not end the next call's session.
      const guest = await newGuest();
      const url = pathOf(e, roomA, guest.id);
      const res = await call(guest, e.method, url);
      expectNotRefusedByScope(res, `${name} ${e.method} ${url}`);
      statuses[name] = res.statusCode;
    }
    // The walk reaches handlers: reading the room and its attendees succeed.
    expect(statuses).toMatchObject({ 'rooms.get': 200, 'rooms.attendees': 200 });
  });

  it('is not refused either with room A upper-cased in the path and named in the query and the JSON body', async () => {
    for (const [name, e] of open()) {
      const guest = await newGuest();
      const url = `${pathOf(e, roomA.toUpperCase(), guest.id)}?roomId=${roomA.toUpperCase()}`;
      const res = await call(
        guest,
        e.method,
        url,
        hasBody(e.method) ? { roomId: roomA.toUpperCase() } : undefined,
      );
      expectNotRefusedByScope(res, `${name} ${e.method} ${url}`);
    }
  });
});
