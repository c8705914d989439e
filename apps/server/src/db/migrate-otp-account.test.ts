import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/db.js';
import { migrate } from './migrate.js';

describe('0004: otp_codes.user_id', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase({ empty: true });
  });
  afterAll(() => t.drop());

  it('binds each pending code to the account of its email, drops codes with none, and goes with the account', async () => {
    // A database as 0001 and 0002 left it, with a pending code for an account and one for a deleted account.
    const file = (name: string) => readFile(new URL(`./migrations/${name}`, import.meta.url), 'utf8');
    await t.pool.query(await file('0001_initial.sql'));
    await t.pool.query(await file('0002_room_member_count.sql'));
    await t.pool.query(
      `CREATE TABLE schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());
       INSERT INTO schema_migrations (name) VALUES ('0001_initial.sql'), ('0002_room_member_count.sql')`,
    );
    const {
      rows: [user],
    } = await t.pool.query<{ id: number }>(
      `INSERT INTO users (username, email) VALUES ('kept', 'kept@example.com') RETURNING id`,
    );
    await t.pool.query(
      `INSERT INTO otp_codes (email, purpose, code_hash, expires_at)
       VALUES ('kept@example.com', 'verify-email', 'h1', now() + interval '5 minutes'),
              ('gone@example.com', 'verify-email', 'h2', now() + interval '5 minutes')`,
    );

    expect((await migrate(t.pool)).applied).toContain('0004_otp_account.sql');
    const codes = async () =>
      (await t.pool.query(`SELECT email, user_id FROM otp_codes ORDER BY email`)).rows;
    expect(await codes()).toEqual([{ email: 'kept@example.com', user_id: user!.id }]);
    await expect(
      t.pool.query(
        `INSERT INTO otp_codes (email, purpose, code_hash, expires_at) VALUES ('x@example.com', 'verify-email', 'h', now())`,
      ),
    ).rejects.toThrow(/user_id/);
    await t.pool.query(`DELETE FROM users WHERE id = $1`, [user!.id]);
    expect(await codes()).toEqual([]);
  });
});
