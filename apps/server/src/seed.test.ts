import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './test/db.js';
import { DEMO_USERS, seed, SeedRefused } from './seed.js';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

describe('npm run seed', () => {
  it('loads the demo, then refuses a database that has users unless forced', async () => {
    const result = await seed(t.db, { publicUrl: 'http://localhost:3000' });
    const count = async (q: string) => (await t.pool.query(q)).rows[0].n as number;
    expect(await count('SELECT count(*)::int AS n FROM users WHERE is_email_valid')).toBe(DEMO_USERS.length);
    expect(await count(`SELECT count(*)::int AS n FROM friend_requests WHERE status = 'pending'`)).toBe(1);
    expect(await count(`SELECT count(*)::int AS n FROM invites WHERE status = 'pending'`)).toBe(1);
    expect(await count('SELECT count(*)::int AS n FROM messages')).toBe(4);
    expect(await count('SELECT count(*)::int AS n FROM rooms WHERE date < current_date')).toBe(1);
    expect(await count('SELECT count(*)::int AS n FROM transactions WHERE is_paid')).toBe(1);
    expect(result.transfers.length).toBeGreaterThan(1);
    // The ski weekend is consolidated; the picnic's two bills (by items, by shares) are its open round.
    expect(await count('SELECT count(*)::int AS n FROM bills WHERE consolidation_id IS NULL')).toBe(2);
    const { rows } = await t.pool.query<{ total: number }>(
      `SELECT sum(amount_minor)::int AS total FROM bills WHERE consolidation_id IS NOT NULL`,
    );
    expect(rows[0]!.total).toBe(48000 + 21999 + 9650);
    // 31.75 of items + 5% delivery (1.5875 → 1.59) = 33.34; and the taxi, 24.00.
    const { rows: open } = await t.pool.query<{ amount_minor: number }>(
      `SELECT amount_minor FROM bills WHERE consolidation_id IS NULL ORDER BY id`,
    );
    expect(open.map((b) => b.amount_minor)).toEqual([3334, 2400]);

    await expect(seed(t.db, { publicUrl: 'http://localhost:3000' })).rejects.toBeInstanceOf(SeedRefused);
    await seed(t.db, { publicUrl: 'http://localhost:3000', force: true });
    expect(await count('SELECT count(*)::int AS n FROM users')).toBe(DEMO_USERS.length * 2);
  });
});
