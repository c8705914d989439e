import { sql } from 'drizzle-orm';
import { row } from '../db/rows.js';
import { hashPassword } from '../lib/passwords.js';
import { createTokenService } from '../lib/tokens.js';
import type { TestApp } from './app.js';
import { TEST_JWT_SECRET } from './app.js';

export type TestUser = { id: number; username: string; email: string; password: string; token: string };

let counter = 0;

/** A user straight in the database (verified unless told otherwise), with a valid token. */
export async function createUser(
  t: TestApp,
  opts: { username?: string; email?: string; password?: string; verified?: boolean } = {},
): Promise<TestUser> {
  counter += 1;
  const username = opts.username ?? `user${process.pid}x${counter}`;
  const email = (opts.email ?? `${username}@example.com`).toLowerCase();
  const password = opts.password ?? 'secret123';
  const created = await row<{ id: number; username: string; email: string; pictureUrl: string }>(
    t.database.db,
    sql`INSERT INTO users (username, email, password_hash, is_email_valid, registered_at)
      VALUES (${username}, ${email}, ${await hashPassword(password)}, ${opts.verified ?? true}, now())
      RETURNING id, username, email, picture_url AS "pictureUrl"`,
  );
  const token = await createTokenService(TEST_JWT_SECRET).sign(created!);
  return { id: created!.id, username, email, password, token };
}

export const bearer = (u: { token: string }) => ({ authorization: `Bearer ${u.token}` });

/** Makes two users friends directly in the database. */
export async function makeFriends(t: TestApp, a: { id: number }, b: { id: number }) {
  await t.database.pool.query(
    'INSERT INTO friendships (user_id, friend_id) VALUES ($1, $2), ($2, $1) ON CONFLICT DO NOTHING',
    [a.id, b.id],
  );
}
