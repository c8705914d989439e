import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, type AuthContext } from '../features/auth/service.js';
import { AppError } from '../lib/errors.js';
import { declaredRoutes } from '../lib/route.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { createGuest, type TestGuest } from '../test/guests.js';
import { as, createRoom } from '../test/rooms.js';
import { connect, settle } from '../test/sockets.js';
import { bearer, createUser, type TestUser } from '../test/users.js';
import { declarations, pathOf } from './guest-paths.js';

/**
 * A guest token's scope (docs/decisions/026-guests.md), enforced from the declarations by lib/route.ts: every endpoint
 * not declared `guests: 'room'` refuses it with 403 GUEST_NOT_ALLOWED, and one that is refuses another room than the
 * guest's; on its own room a guest takes part as a member does. Accounts never meet guests: friend search, sign-up and
 * sign-in skip guest rows.
 */

let t: TestApp;
let base: string;
let host: TestUser;
let roomA: string;
let roomB: string;
let guest: TestGuest;
const tag = randomBytes(3).toString('hex');
/** A guest's name that is also a valid account name: sign-up and search must not see the guest. */
const guestName = `guest_${tag}`;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'http://localhost:3000' });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  host = await createUser(t);
  roomA = (await createRoom(t, host, { name: 'Room A' })).room.id;
  roomB = (await createRoom(t, host, { name: 'Room B' })).room.id;
  guest = await createGuest(t, roomA, guestName);
});
afterAll(() => t.close());

const call = (method: string, url: string, payload?: object) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers: bearer(guest),
    ...(payload ? { payload } : {}),
  });

function expectRefused(res: { statusCode: number; body: string }, name: string) {
  expect(res.statusCode, `${name}: ${res.body}`).toBe(403);
  expect(JSON.parse(res.body), name).toMatchObject({
    code: 'GUEST_NOT_ALLOWED',
    reason: 'GUEST_NOT_ALLOWED',
    message: 'Guests can only use their own room. Create an account to do more.',
  });
}

/** The declared endpoints this app registers (declared-routes.test.ts holds every declaration to being registered). */
const registered = () => {
  const routes = declaredRoutes(t.app);
  return declarations.filter(
    ([, e]) => routes.get(`${e.method} /v1${e.path.replace(/\{([^}]+)\}/g, ':$1')}`) === e,
  );
};

describe('a guest token is refused outside its declared scope', () => {
  it('answers 403 GUEST_NOT_ALLOWED on every signed-in endpoint not declared `guests: room`', async () => {
    const closed = registered().filter(([, e]) => e.access !== 'public' && e.guests !== 'room');
    expect(closed.length).toBeGreaterThan(40);
    for (const [name, e] of closed) expectRefused(await call(e.method, pathOf(e, roomA, guest.id)), name);
  });

  it('answers 403 GUEST_NOT_ALLOWED on a `guests: room` endpoint naming another room in its path', async () => {
    const byPath = registered().filter(
      ([, e]) => e.guests === 'room' && (e.path.startsWith('/rooms/{id}') || e.path.includes('{roomId}')),
    );
    expect(byPath.length).toBeGreaterThan(15);
    for (const [name, e] of byPath) expectRefused(await call(e.method, pathOf(e, roomB, guest.id)), name);
  });

  it('answers 403 GUEST_NOT_ALLOWED for another room named in the query or the JSON body', async () => {
    expectRefused(await call('GET', `/v1/bills?roomId=${roomB}`), 'bills.list');
    expectRefused(await call('GET', `/v1/bills?roomId=${roomB.toUpperCase()}`), 'bills.list, upper case');
    expectRefused(
      await call('POST', '/v1/bills', { name: 'Taxi', amount: 10, roomId: roomB, payers: [host.id] }),
      'bills.create',
    );
    expectRefused(
      await call('POST', '/v1/transactions', { roomId: roomB, payeeId: host.id, amount: 5 }),
      'transactions.record',
    );
    expectRefused(
      await call('POST', '/v1/notifications/read-all', { roomId: roomB }),
      'notifications.readAll',
    );
    expect((await call('POST', '/v1/notifications/read-all', { roomId: roomA })).statusCode).toBe(200);
  });

  it('lets an account through as before (the same endpoints, another room)', async () => {
    expect((await as(t, host)('GET', `/v1/rooms/${roomB}`)).statusCode).toBe(200);
    expect((await as(t, host)('GET', `/v1/users/${host.id}/friends`)).statusCode).toBe(200);
  });
});

describe('a guest takes part in its own room', () => {
  it('reads the room and its attendees', async () => {
    const room = await call('GET', `/v1/rooms/${roomA}`);
    expect(room.statusCode, room.body).toBe(200);
    expect(room.json().data).toMatchObject({ id: roomA, myRsvp: 'going' });
    const attendees = await call('GET', `/v1/rooms/${roomA}/attendees`);
    expect(attendees.statusCode, attendees.body).toBe(200);
    expect(attendees.json().data.map((a: { id: number }) => a.id)).toEqual(
      expect.arrayContaining([host.id, guest.id]),
    );
  });

  it('answers, chats, splits a bill with the host and reads the balances', async () => {
    const db = t.database.pool;
    const rsvp = await call('PATCH', `/v1/rooms/${roomA}/rsvp`, { status: 'maybe' });
    expect(rsvp.statusCode, rsvp.body).toBe(200);
    const member = await db.query('SELECT rsvp FROM room_members WHERE room_id = $1 AND user_id = $2', [
      roomA,
      guest.id,
    ]);
    expect(member.rows).toEqual([{ rsvp: 'maybe' }]);

    const message = await call('POST', `/v1/rooms/${roomA}/messages`, { content: 'Hi, I am a guest' });
    expect(message.statusCode, message.body).toBe(200);
    const sent = await db.query('SELECT content FROM messages WHERE room_id = $1 AND sender_id = $2', [
      roomA,
      guest.id,
    ]);
    expect(sent.rows).toEqual([{ content: 'Hi, I am a guest' }]);

    const bill = await call('POST', '/v1/bills', {
      name: 'Pizza',
      amount: 30,
      includeOwner: true,
      roomId: roomA,
      payers: [host.id],
    });
    expect(bill.statusCode, bill.body).toBe(200);
    const shares = await db.query(
      `SELECT s.user_id AS "userId" FROM bills b JOIN bill_shares s ON s.bill_id = b.id
       WHERE b.room_id = $1 AND b.owner_id = $2 ORDER BY s.user_id`,
      [roomA, guest.id],
    );
    expect(shares.rows.map((r) => r.userId)).toEqual([host.id, guest.id].sort((a, b) => a - b));

    const balances = await call('GET', `/v1/rooms/${roomA}/balances`);
    expect(balances.statusCode, balances.body).toBe(200);
  });

  it('its socket gets its room’s frames, not another room’s', async () => {
    const socket = connect(base, guest.token);
    await socket.opened;
    await settle();
    const hostIn = as(t, host);
    expect((await hostIn('POST', `/v1/rooms/${roomB}/messages`, { content: 'B only' })).statusCode).toBe(200);
    expect((await hostIn('POST', `/v1/rooms/${roomA}/messages`, { content: 'A too' })).statusCode).toBe(200);
    const frame = await socket.next('CREATE_MESSAGE');
    expect(frame.data).toMatchObject({ roomId: roomA });
    await settle();
    const rooms = socket.frames.map((f) => (f.data as { roomId?: string } | null)?.roomId);
    expect(rooms).not.toContain(roomB);
    socket.ws.close();
  });
});

describe('accounts never meet guests', () => {
  it('friend search by an account for the guest’s name finds nothing', async () => {
    const res = await as(t, host)('GET', `/v1/users/${host.id}/friends/search?query=${guestName}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([]);
  });

  it('a friend request to a guest’s id answers as for an unknown user', async () => {
    const toGuest = await as(t, host)('POST', `/v1/users/${host.id}/friends/requests`, {
      friendId: guest.id,
    });
    const toNobody = await as(t, host)('POST', `/v1/users/${host.id}/friends/requests`, {
      friendId: 2_000_000,
    });
    expect(toGuest.statusCode, toGuest.body).toBe(404);
    expect(toGuest.json()).toEqual(toNobody.json());
  });

  it('login with the guest’s name fails as for an unknown user (the service, and the route)', async () => {
    const ctx = {
      db: t.database.db,
      mailer: { send: () => undefined },
      secret: 'x',
    } as unknown as AuthContext;
    const failure = (name: string) =>
      login(ctx, name, 'secret123').then(
        () => undefined,
        (err: unknown) => err,
      );
    const asGuest = await failure(guestName);
    const asNobody = await failure(`nobody_${tag}`);
    expect(asGuest).toBeInstanceOf(AppError);
    expect([(asGuest as AppError).status, (asGuest as AppError).reason]).toEqual([401, 'WRONG_CREDENTIALS']);
    expect((asGuest as AppError).message).toBe((asNobody as AppError).message);
    const route = await t.app.inject({
      method: 'POST',
      url: '/v1/auth',
      payload: { username: guestName, password: 'secret123' },
    });
    expect(route.statusCode).toBe(401);
    expect(route.json()).toMatchObject({ reason: 'WRONG_CREDENTIALS' });
  });

  it('signing up with a guest’s name as username succeeds, and that account signs in by it', async () => {
    const signup = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/signup',
      payload: { username: guestName, email: `${guestName}@example.com`, password: 'secret123' },
    });
    expect(signup.statusCode, signup.body).toBe(200);
    const { rows } = await t.database.pool.query(
      'SELECT id FROM users WHERE lower(username) = lower($1) AND guest_room_id IS NOT NULL',
      [guestName],
    );
    expect(rows).toEqual([{ id: guest.id }]);
    await t.database.pool.query('UPDATE users SET is_email_valid = true WHERE id = $1', [
      signup.json().data.id,
    ]);
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/v1/auth',
      payload: { username: guestName.toUpperCase(), password: 'secret123' },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().data).toMatchObject({ id: signup.json().data.id, username: guestName });
  });
});
