import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/db.js';
import { executePrepared } from './prepared.js';
import { isReadOnlyStatement, observeWrites } from './write-observer.js';

describe('isReadOnlyStatement', () => {
  it('takes plain selects for reads', () => {
    for (const text of [
      'SELECT 1',
      '  select r.*, h.username FROM rooms r JOIN users h ON h.id = r.host_id WHERE r.updated_at > $1',
      'WITH x AS (SELECT id FROM rooms) SELECT * FROM x',
      '(SELECT 1) UNION (SELECT 2)',
      'SELECT s.shares, s.deleted_count, r.updated_at FROM bill_shares s',
    ])
      expect(isReadOnlyStatement(text), text).toBe(true);
  });

  it('takes anything that can write, lock or notify for a write', () => {
    for (const text of [
      'INSERT INTO messages (content) VALUES ($1)',
      'update users set is_online = true where id = $1',
      'DELETE FROM sessions',
      'WITH m AS (INSERT INTO messages (room_id) SELECT $1 RETURNING id) SELECT m.id FROM m',
      'WITH d AS (DELETE FROM invites RETURNING id) SELECT count(*) FROM d',
      'SELECT id FROM rooms WHERE id = $1 FOR UPDATE',
      'SELECT id FROM rooms WHERE id = $1 FOR NO KEY UPDATE',
      'SELECT id FROM rooms WHERE id = $1 FOR SHARE',
      'SELECT id FROM rooms WHERE id = $1 FOR KEY SHARE',
      "SELECT nextval('rooms_id_seq')",
      "SELECT pg_notify('x', 'y')",
      'BEGIN',
      'COMMIT',
      'ROLLBACK',
      'SET LOCAL statement_timeout = 1000',
      'TRUNCATE rooms',
      'CALL do_something()',
      'MERGE INTO t USING s ON t.id = s.id WHEN MATCHED THEN DELETE',
    ])
      expect(isReadOnlyStatement(text), text).toBe(false);
  });
});

describe('observeWrites', () => {
  let database: TestDatabase;
  const calls: boolean[] = [];
  let stop: () => void;

  beforeAll(async () => {
    database = await createTestDatabase();
    stop = observeWrites(database.pool, (done) => calls.push(done));
  });
  afterAll(async () => {
    stop();
    await database.drop();
  });

  const observed = async (fn: () => Promise<unknown>) => {
    calls.length = 0;
    await fn();
    return [...calls];
  };

  it('sees nothing of reads, in every way the app queries', async () => {
    expect(await observed(() => database.pool.query('SELECT count(*) FROM users'))).toEqual([]);
    expect(await observed(() => database.db.execute(sql`SELECT count(*) FROM rooms`))).toEqual([]);
    expect(
      await observed(() =>
        executePrepared(database.db, sql`SELECT count(*) AS n FROM users WHERE id > ${0}`),
      ),
    ).toEqual([]);
  });

  it('sees a write when it is sent and when it has completed, through the pool and through drizzle', async () => {
    expect(
      await observed(() =>
        database.pool.query(
          `INSERT INTO users (username, email, is_email_valid) VALUES ('obs_a', 'obs_a@example.com', true)`,
        ),
      ),
    ).toEqual([false, true]);
    expect(
      await observed(() =>
        database.db.execute(sql`UPDATE users SET is_online = true WHERE username = 'obs_a'`),
      ),
    ).toEqual([false, true]);
    expect(
      await observed(() =>
        executePrepared(
          database.db,
          sql`WITH u AS (UPDATE users SET is_online = false WHERE username = ${'obs_a'} RETURNING id) SELECT id FROM u`,
        ),
      ),
    ).toEqual([false, true]);
  });

  it('sees every statement of a transaction, its COMMIT last, and a failed write too', async () => {
    const seen = await observed(() =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT 1`);
        await tx.execute(sql`UPDATE users SET is_online = true WHERE username = 'obs_a'`);
      }),
    );
    // BEGIN, UPDATE, COMMIT: each sent, then completed.
    expect(seen).toEqual([false, true, false, true, false, true]);
    expect(
      await observed(() =>
        database.pool.query(`INSERT INTO users (username, email) VALUES (NULL, NULL)`).catch(() => 'failed'),
      ),
    ).toEqual([false, true]);
  });

  it('stops calling a listener that stopped observing, and serves several listeners on one pool', async () => {
    const other: boolean[] = [];
    const stopOther = observeWrites(database.pool, (done) => other.push(done));
    await database.pool.query(`UPDATE users SET is_online = false WHERE username = 'obs_a'`);
    stopOther();
    await database.pool.query(`UPDATE users SET is_online = true WHERE username = 'obs_a'`);
    expect(other).toEqual([false, true]);
  });
});
