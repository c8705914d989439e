// Issue 10's races on real PostgreSQL: every pair of operations that read and change the same room at once. For
// each, exactly one way wins or both orders are legal, the losers get a clean 409, and the room's invariants hold.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { as, createRoom } from '../../test/rooms.js';
import { createUser, type TestUser } from '../../test/users.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ROUNDS = 8;

async function roomOf(host: TestUser, ...members: TestUser[]) {
  const { room } = await createRoom(t, host);
  for (const m of members)
    expect((await as(t, m)('PATCH', `/v1/rooms/${room.id}/join`)).statusCode).toBe(200);
  return room.id as string;
}

const bill = (u: TestUser, roomId: string, payers: number[]) =>
  as(t, u)('POST', '/v1/bills', { name: 'Taxi', amount: 12.34, includeOwner: true, roomId, payers });

async function isMember(roomId: string, userId: number) {
  const { rowCount } = await t.database.pool.query(
    'SELECT 1 FROM room_members WHERE room_id = $1 AND user_id = $2',
    [roomId, userId],
  );
  return rowCount === 1;
}

/** Unconsolidated bills that `userId` owns or pays in. */
async function openBillsOf(roomId: string, userId: number) {
  const { rows } = await t.database.pool.query(
    `SELECT count(*)::int AS n FROM bills b
      WHERE b.room_id = $1 AND b.deleted_at IS NULL
        AND (b.owner_id = $2 OR EXISTS (SELECT 1 FROM bill_payers p WHERE p.bill_id = b.id AND p.user_id = $2)
          OR EXISTS (SELECT 1 FROM bill_shares s WHERE s.bill_id = b.id AND s.user_id = $2))`,
    [roomId, userId],
  );
  return rows[0].n as number;
}

/** Rooms whose maintained member count (rooms.member_count, migration 0002) differs from their memberships. */
async function miscounted() {
  const { rows } = await t.database.pool.query(
    `SELECT r.id, r.member_count, (SELECT count(*)::int FROM room_members m WHERE m.room_id = r.id) AS members
       FROM rooms r WHERE r.member_count <> (SELECT count(*) FROM room_members m WHERE m.room_id = r.id)`,
  );
  return rows;
}

describe('races', () => {
  afterEach(async () => {
    expect(await miscounted()).toEqual([]);
  });

  it('the same person joining 50 times at once: one 200, 49 clean 409s, one membership', async () => {
    const [host, ann] = await Promise.all([createUser(t), createUser(t)]);
    const { room } = await createRoom(t, host);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => as(t, ann)('PATCH', `/v1/rooms/${room.id}/join`)),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(refused).toHaveLength(49);
    for (const r of refused)
      expect(r.json()).toMatchObject({ status: 'error', code: 'CONFLICT', message: 'User already in room!' });
    const { rows } = await t.database.pool.query(
      'SELECT count(*)::int AS n FROM room_members WHERE room_id = $1 AND user_id = $2',
      [room.id, ann.id],
    );
    expect(rows[0].n).toBe(1);
    const shown = (await as(t, host)('GET', `/v1/rooms/${room.id}`)).json().data;
    expect(shown.attendeesCount).toBe(2);
  });

  it('30 people joining and 10 leaving one room at once: every answer 200, the count equals the members', async () => {
    const host = await createUser(t);
    const leavers = await Promise.all(Array.from({ length: 10 }, () => createUser(t)));
    const joiners = await Promise.all(Array.from({ length: 30 }, () => createUser(t)));
    const roomId = await roomOf(host, ...leavers);
    const results = await Promise.all([
      ...joiners.map((u) => as(t, u)('PATCH', `/v1/rooms/${roomId}/join`)),
      ...leavers.map((u) => as(t, u)('PATCH', `/v1/rooms/${roomId}/leave`)),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual(results.map(() => 200));
    const room = (await as(t, host)('GET', `/v1/rooms/${roomId}`)).json().data;
    expect(room.attendeesCount).toBe(31);
    const listed = (await as(t, joiners[0]!)('GET', '/v1/rooms')).json().data;
    expect(listed.find((r: { id: string }) => r.id === roomId).attendeesCount).toBe(31);
    const attendees = (await as(t, host)('GET', `/v1/rooms/${roomId}/attendees`)).json().data;
    expect(attendees).toHaveLength(31);
  });

  it('memberships written straight into the table from many connections at once keep the count', async () => {
    const host = await createUser(t);
    const people = await Promise.all(Array.from({ length: 24 }, () => createUser(t)));
    const roomId = await roomOf(host, ...people.slice(0, 12));
    const pool = t.database.pool;
    // No room lock here (the services take one): the trigger alone must serialise the count.
    await Promise.all([
      ...people
        .slice(12)
        .map((u) =>
          pool.query('INSERT INTO room_members (room_id, user_id) VALUES ($1, $2)', [roomId, u.id]),
        ),
      ...people
        .slice(0, 12)
        .map((u) =>
          pool.query('DELETE FROM room_members WHERE room_id = $1 AND user_id = $2', [roomId, u.id]),
        ),
      ...people.slice(0, 6).map(async (u) => {
        const c = await pool.connect();
        try {
          await c.query('BEGIN');
          await c.query(
            'INSERT INTO room_members (room_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
            [roomId, u.id],
          );
          await c.query('ROLLBACK'); // a rolled-back join counts for nothing
        } finally {
          c.release();
        }
      }),
    ]);
    const { rows } = await pool.query('SELECT member_count FROM rooms WHERE id = $1', [roomId]);
    expect(rows[0].member_count).toBe(13);
  });

  it('leaving while a bill naming the leaver is created: never a non-member in an open bill', async () => {
    for (let i = 0; i < ROUNDS; i += 1) {
      const [host, ben] = await Promise.all([createUser(t), createUser(t)]);
      const roomId = await roomOf(host, ben);
      const [left, created] = await Promise.all([
        as(t, ben)('PATCH', `/v1/rooms/${roomId}/leave`),
        bill(host, roomId, [ben.id]),
      ]);
      // Bill first: the leave is refused (409). Leave first: the bill names a non-member and is refused.
      expect([
        [409, 200],
        [200, 400],
        [200, 403],
        [200, 409],
      ]).toContainEqual([left.statusCode, created.statusCode]);
      if (!(await isMember(roomId, ben.id))) expect(await openBillsOf(roomId, ben.id)).toBe(0);
      for (const r of [left, created]) if (r.statusCode >= 400) expect(r.json().status).toBe('error');
    }
  });

  it('leaving while the host consolidates: refused either way while the leaver owes, the debt kept', async () => {
    for (let i = 0; i < ROUNDS; i += 1) {
      const [host, ben] = await Promise.all([createUser(t), createUser(t)]);
      const roomId = await roomOf(host, ben);
      expect((await bill(host, roomId, [ben.id])).statusCode).toBe(200);
      const [left, consolidated] = await Promise.all([
        as(t, ben)('PATCH', `/v1/rooms/${roomId}/leave`),
        as(t, host)('POST', '/v1/bills/consolidate', { roomId }),
      ]);
      expect(consolidated.statusCode).toBe(200);
      // A Settle up changes no net (one live ledger): ben owes half of 12.34 before and after it.
      expect(left.statusCode).toBe(409);
      expect(left.json()).toMatchObject({
        code: 'CONFLICT',
        message: `You can leave once you are square here: you owe $6.17 to ${host.username}.`,
      });
      const { rows } = await t.database.pool.query(
        'SELECT count(*)::int AS n FROM transactions WHERE room_id = $1 AND payer_id = $2',
        [roomId, ben.id],
      );
      expect(rows[0].n).toBe(1); // what ben owes: one unpaid transaction, whatever the order
      if (!(await isMember(roomId, ben.id))) expect(await openBillsOf(roomId, ben.id)).toBe(0);
    }
  });

  it('closing while a member creates a bill: a bill is either in before the close, with its debt, or refused', async () => {
    for (let i = 0; i < ROUNDS; i += 1) {
      const [host, ben] = await Promise.all([createUser(t), createUser(t)]);
      const roomId = await roomOf(host, ben);
      const [closed, created] = await Promise.all([
        as(t, host)('PATCH', `/v1/rooms/${roomId}/close`),
        bill(ben, roomId, [host.id]),
      ]);
      // Bill first: it stays, and the room closes with the debt (one live ledger). Close first: the bill is
      // refused. Either way the room ends closed, and a bill in it only if it was answered 200.
      expect([
        [200, 200],
        [200, 409],
        [200, 404],
      ]).toContainEqual([closed.statusCode, created.statusCode]);
      const { rows } = await t.database.pool.query(
        `SELECT r.is_closed, (SELECT count(*)::int FROM bills b WHERE b.room_id = r.id) AS bills,
           (SELECT count(*)::int FROM transactions t WHERE t.room_id = r.id AND t.status = 'unpaid') AS unpaid
         FROM rooms r WHERE r.id = $1`,
        [roomId],
      );
      const billed = created.statusCode === 200 ? 1 : 0;
      expect(rows[0]).toEqual({ is_closed: true, bills: billed, unpaid: billed });
    }
  });
});
