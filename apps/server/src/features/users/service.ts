import { eq, sql } from 'drizzle-orm';
import type { UserDetail } from '@outing/contract';
import type { Db } from '../../db/pool.js';
import { users } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';

export type UserRow = typeof users.$inferSelect;

/** The caller's own record (and a friend's): the public fields plus presence and registration. */
export function toUserDetail(row: UserRow): UserDetail {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    pictureUrl: row.pictureUrl,
    isEmailValid: row.isEmailValid,
    isOnline: row.isOnline,
    lastSeen: row.lastSeen ? row.lastSeen.toISOString() : null,
    registeredAt: row.registeredAt.toISOString(),
  };
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return row;
}

/** By username (any case) or by email. */
export async function findUserByLogin(db: Db, login: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${login}) OR ${users.email} = lower(${login})`)
    .limit(1);
  return row;
}

export async function changeUsername(db: Db, userId: number, value: string): Promise<UserRow> {
  const current = await findUserById(db, userId);
  if (!current) throw notFound('User not found.', 'USER_NOT_FOUND');
  if (current.username === value)
    throw badRequest('Username must be different from current username', 'SAME_USERNAME');
  try {
    const [row] = await db.update(users).set({ username: value }).where(eq(users.id, userId)).returning();
    return row!;
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('That username is already taken.', 'USERNAME_TAKEN');
    throw err;
  }
}
