import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/pool.js';
import {
  oauthIdentities,
  otpCodes,
  otpSends,
  resetTokens,
  revokedTokens,
  users,
  type CodePurpose,
} from '../../db/schema.js';
import type { UserRow } from '../users/queries.js';

// The sign-in statements (decision 023): codes and their sends, reset tokens, revoked tokens, and the accounts a
// sign-up or a Google sign-in reads. Still written with drizzle's query builder where they were (rows with the
// schema's types); the invite links' are in queries-invites.ts.

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Serialises the sends of an email and purpose until the transaction ends (an advisory lock). */
export async function lockSends(tx: Tx, email: string, purpose: CodePurpose): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`otp:${email}:${purpose}`}))`);
}

/** The sends of the last hour: how many, and the seconds until the next is allowed (`waitSeconds`) and until the oldest leaves the hour. */
export async function recentSends(tx: Tx, email: string, purpose: CodePurpose, resendWaitSeconds: number) {
  const [recent] = await tx
    .select({
      count: sql<number>`count(*)::int`,
      waitSeconds: sql<number>`coalesce(extract(epoch FROM max(${otpSends.sentAt}) + interval '${sql.raw(String(resendWaitSeconds))} seconds' - now()), 0)::float8`,
      hourWaitSeconds: sql<number>`coalesce(extract(epoch FROM min(${otpSends.sentAt}) + interval '1 hour' - now()), 0)::float8`,
    })
    .from(otpSends)
    .where(
      and(
        eq(otpSends.email, email),
        eq(otpSends.purpose, purpose),
        sql`${otpSends.sentAt} > now() - interval '1 hour'`,
      ),
    );
  return recent;
}

/** Records a send, and forgets the email's sends older than an hour (only the last hour matters). */
export async function recordSend(tx: Tx, email: string, purpose: CodePurpose): Promise<void> {
  await tx.insert(otpSends).values({ email, purpose });
  await tx.execute(sql`DELETE FROM otp_sends WHERE email = ${email} AND sent_at < now() - interval '1 hour'`);
}

/** The code of (email, purpose), replacing any older one, valid `ttlMinutes`. */
export async function upsertCode(
  tx: Tx,
  code: { email: string; purpose: CodePurpose; userId: number; codeHash: string },
  ttlMinutes: number,
): Promise<void> {
  const values = {
    email: code.email,
    purpose: code.purpose,
    userId: code.userId,
    codeHash: code.codeHash,
    attempts: 0,
    expiresAt: sql`now() + interval '${sql.raw(String(ttlMinutes))} minutes'`,
    createdAt: sql`now()`,
  };
  await tx
    .insert(otpCodes)
    .values(values)
    .onConflictDoUpdate({ target: [otpCodes.email, otpCodes.purpose], set: values });
}

const codesOf = (email: string, purposes: readonly CodePurpose[]) =>
  and(eq(otpCodes.email, email), inArray(otpCodes.purpose, [...purposes]));

/**
 * Takes one attempt of every code of the email with one of `purposes` that has fewer than `maxAttempts`
 * (atomically, in the UPDATE); returns those codes.
 */
export function reserveAttempts(
  tx: Tx,
  email: string,
  purposes: readonly CodePurpose[],
  maxAttempts: number,
) {
  return tx
    .update(otpCodes)
    .set({ attempts: sql`${otpCodes.attempts} + 1` })
    .where(and(codesOf(email, purposes), sql`${otpCodes.attempts} < ${maxAttempts}`))
    .returning({
      purpose: otpCodes.purpose,
      userId: otpCodes.userId,
      codeHash: otpCodes.codeHash,
      attempts: otpCodes.attempts,
      expired: sql<boolean>`${otpCodes.expiresAt} <= now()`,
    });
}

/** Whether the email has any code with one of `purposes`. */
export async function hasCode(tx: Tx, email: string, purposes: readonly CodePurpose[]): Promise<boolean> {
  const [any] = await tx
    .select({ email: otpCodes.email })
    .from(otpCodes)
    .where(codesOf(email, purposes))
    .limit(1);
  return any !== undefined;
}

export async function deleteCode(tx: Tx, email: string, purpose: CodePurpose): Promise<void> {
  await tx.delete(otpCodes).where(and(eq(otpCodes.email, email), eq(otpCodes.purpose, purpose)));
}

export async function insertResetToken(tx: Tx, tokenHash: string, userId: number, ttlMinutes: number) {
  await tx.insert(resetTokens).values({
    tokenHash,
    userId,
    expiresAt: sql`now() + interval '${sql.raw(String(ttlMinutes))} minutes'`,
  });
}

/**
 * Marks the user's unused, unexpired reset token with this hash used; whether there was one. (`userId` 0, no
 * user, runs the same query and matches nothing.)
 */
export async function useResetToken(tx: Tx, tokenHash: string, userId: number): Promise<boolean> {
  const [used] = await tx
    .update(resetTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(resetTokens.tokenHash, tokenHash),
        eq(resetTokens.userId, userId),
        isNull(resetTokens.usedAt),
        gt(resetTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: resetTokens.userId });
  return used !== undefined;
}

/**
 * The accounts holding the username (any case) or the email, locked (FOR UPDATE): whether each is verified, older
 * than `staleHours`, and holds the username.
 */
export function lockClashes(tx: Tx, username: string, email: string, staleHours: number) {
  return tx
    .select({
      id: users.id,
      email: users.email,
      isEmailValid: users.isEmailValid,
      stale: sql<boolean>`${users.registeredAt} < now() - interval '${sql.raw(String(staleHours))} hours'`,
      sameUsername: sql<boolean>`lower(${users.username}) = lower(${username})`,
    })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username}) OR ${users.email} = ${email}`)
    .for('update');
}

/** Refuses the token `jti` until it expires, and clears everybody's entries that have expired. */
export async function revokeToken(tx: Tx, jti: string, userId: number, expiresAt: Date): Promise<void> {
  await tx.insert(revokedTokens).values({ jti, userId, expiresAt }).onConflictDoNothing();
  await tx.delete(revokedTokens).where(sql`${revokedTokens.expiresAt} <= now()`);
}

/** The names (lower case) of the users whose name starts with `base`, any case. */
export async function usernamesStartingWith(tx: Tx, base: string): Promise<string[]> {
  const rows = await tx
    .select({ name: sql<string>`lower(${users.username})` })
    .from(users)
    .where(sql`lower(${users.username}) LIKE lower(${base}) || '%'`);
  return rows.map((r) => r.name);
}

// Accounts (the users table) as sign-up, verification, resets and Google sign-in change them.

export async function deleteUser(tx: Tx, userId: number): Promise<void> {
  await tx.delete(users).where(eq(users.id, userId));
}

/** A new unverified account. */
export async function insertUser(
  tx: Tx,
  values: { username: string; email: string; passwordHash: string; invitedBy: number | null },
): Promise<UserRow> {
  const [created] = await tx.insert(users).values(values).returning();
  return created!;
}

/** The account `userId` while it still has this email, locked (FOR UPDATE). */
export async function lockUserWithEmail(tx: Tx, userId: number, email: string): Promise<UserRow | undefined> {
  const [user] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.email, email)))
    .for('update');
  return user;
}

/** The account's email is verified; whoever invited it is forgotten. */
export async function markVerified(tx: Tx, userId: number): Promise<UserRow> {
  const [verified] = await tx
    .update(users)
    .set({ isEmailValid: true, invitedBy: null })
    .where(eq(users.id, userId))
    .returning();
  return verified!;
}

/** A new password, and tokens issued before `tokensValidAfter` refused. */
export async function setPassword(
  tx: Tx,
  userId: number,
  passwordHash: string,
  tokensValidAfter: Date,
): Promise<void> {
  await tx.update(users).set({ passwordHash, tokensValidAfter }).where(eq(users.id, userId));
}

/** Tokens issued before `at` refused. */
export async function setTokensValidAfter(tx: Tx, userId: number, at: Date): Promise<void> {
  await tx.update(users).set({ tokensValidAfter: at }).where(eq(users.id, userId));
}

/** The account linked to this Google identity, if any. */
export async function linkedUser(tx: Tx, issuer: string, subject: string): Promise<UserRow | undefined> {
  const [linked] = await tx
    .select({ user: users })
    .from(oauthIdentities)
    .innerJoin(users, eq(users.id, oauthIdentities.userId))
    .where(and(eq(oauthIdentities.issuer, issuer), eq(oauthIdentities.subject, subject)));
  return linked?.user;
}

/** The account with this email, locked (FOR UPDATE). */
export async function lockUserByEmail(tx: Tx, email: string): Promise<UserRow | undefined> {
  const [byEmail] = await tx.select().from(users).where(eq(users.email, email)).for('update');
  return byEmail;
}

/** Changes an account as Google sign-in does (verified; a password or picture as given). */
export async function updateUser(
  tx: Tx,
  userId: number,
  set: { isEmailValid?: boolean; passwordHash?: null; pictureUrl?: string },
): Promise<UserRow> {
  const [user] = await tx.update(users).set(set).where(eq(users.id, userId)).returning();
  return user!;
}

/** A new verified account without a password (Google sign-in). */
export async function insertGoogleUser(
  tx: Tx,
  values: { username: string; email: string; pictureUrl: string },
): Promise<UserRow> {
  const [user] = await tx
    .insert(users)
    .values({ ...values, isEmailValid: true, passwordHash: null })
    .returning();
  return user!;
}

export async function insertIdentity(tx: Tx, issuer: string, subject: string, userId: number): Promise<void> {
  await tx.insert(oauthIdentities).values({ issuer, subject, userId });
}
