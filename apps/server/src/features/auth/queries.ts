import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/pool.js';
import { row, rows } from '../../db/rows.js';
import { toUserRow, userColumns, type UserRecord, type UserRow } from '../users/queries.js';

// The sign-in statements (decision 023): codes and their sends, reset tokens, revoked tokens, and the accounts a
// sign-up or a Google sign-in reads; drizzle's `sql` templates, rows read through db/rows.ts (the accounts' as
// `UserRow`, their timestamps as `Date`, by users/queries.ts). The invite links' are in queries-invites.ts.

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What a one-time code is for; `confirm-account` codes confirm a change to one's own account (migration 0011). */
export const codePurposes = ['verify-email', 'reset-password', 'confirm-account'] as const;
export type CodePurpose = (typeof codePurposes)[number];

/** A timestamp parameter: the instant as ISO text (what drizzle's builder sent for a `Date`). */
const instant = (at: Date) => sql`${at.toISOString()}::timestamptz`;

/** Serialises the sends of an email and purpose until the transaction ends (an advisory lock). */
export async function lockSends(tx: Tx, email: string, purpose: CodePurpose): Promise<void> {
  await rows(tx, sql`SELECT pg_advisory_xact_lock(hashtext(${`otp:${email}:${purpose}`}))`);
}

export type RecentSendsRow = { count: number; waitSeconds: number; hourWaitSeconds: number };

/** The sends of the last hour: how many, and the seconds until the next is allowed (`waitSeconds`) and until the oldest leaves the hour. */
export async function recentSends(
  tx: Tx,
  email: string,
  purpose: CodePurpose,
  resendWaitSeconds: number,
): Promise<RecentSendsRow | undefined> {
  return row<RecentSendsRow>(
    tx,
    sql`SELECT count(*)::int AS count,
        coalesce(extract(epoch FROM max(sent_at) + interval '${sql.raw(String(resendWaitSeconds))} seconds' - now()), 0)::float8 AS "waitSeconds",
        coalesce(extract(epoch FROM min(sent_at) + interval '1 hour' - now()), 0)::float8 AS "hourWaitSeconds"
      FROM otp_sends
      WHERE email = ${email} AND purpose = ${purpose} AND sent_at > now() - interval '1 hour'`,
  );
}

/** Records a send, and forgets the email's sends older than an hour (only the last hour matters). */
export async function recordSend(tx: Tx, email: string, purpose: CodePurpose): Promise<void> {
  await rows(tx, sql`INSERT INTO otp_sends (email, purpose) VALUES (${email}, ${purpose})`);
  await rows(tx, sql`DELETE FROM otp_sends WHERE email = ${email} AND sent_at < now() - interval '1 hour'`);
}

/** The code of (email, purpose), replacing any older one, valid `ttlMinutes`. */
export async function upsertCode(
  tx: Tx,
  code: { email: string; purpose: CodePurpose; userId: number; codeHash: string },
  ttlMinutes: number,
): Promise<void> {
  await rows(
    tx,
    sql`INSERT INTO otp_codes (email, purpose, user_id, code_hash, attempts, expires_at, created_at)
      VALUES (${code.email}, ${code.purpose}, ${code.userId}, ${code.codeHash}, 0,
        now() + interval '${sql.raw(String(ttlMinutes))} minutes', now())
      ON CONFLICT (email, purpose) DO UPDATE SET user_id = EXCLUDED.user_id, code_hash = EXCLUDED.code_hash,
        attempts = EXCLUDED.attempts, expires_at = EXCLUDED.expires_at, created_at = EXCLUDED.created_at`,
  );
}

/** The email's codes with one of `purposes` (bound as one `text[]`, one statement text whatever the list). */
const codesOf = (email: string, purposes: readonly CodePurpose[]) =>
  sql`email = ${email} AND purpose = ANY(${sql.param([...purposes])}::text[])`;

export type ReservedCodeRow = {
  purpose: CodePurpose;
  userId: number;
  codeHash: string;
  attempts: number;
  expired: boolean;
};

/**
 * Takes one attempt of every code of the email with one of `purposes` that has fewer than `maxAttempts`
 * (atomically, in the UPDATE); returns those codes.
 */
export function reserveAttempts(
  tx: Tx,
  email: string,
  purposes: readonly CodePurpose[],
  maxAttempts: number,
): Promise<ReservedCodeRow[]> {
  return rows<ReservedCodeRow>(
    tx,
    sql`UPDATE otp_codes SET attempts = attempts + 1
      WHERE ${codesOf(email, purposes)} AND attempts < ${maxAttempts}
      RETURNING purpose, user_id AS "userId", code_hash AS "codeHash", attempts, expires_at <= now() AS expired`,
  );
}

/** Whether the email has any code with one of `purposes`. */
export async function hasCode(tx: Tx, email: string, purposes: readonly CodePurpose[]): Promise<boolean> {
  const any = await row<{ email: string }>(
    tx,
    sql`SELECT email FROM otp_codes WHERE ${codesOf(email, purposes)} LIMIT 1`,
  );
  return any !== undefined;
}

export async function deleteCode(tx: Tx, email: string, purpose: CodePurpose): Promise<void> {
  await rows(tx, sql`DELETE FROM otp_codes WHERE email = ${email} AND purpose = ${purpose}`);
}

export async function insertResetToken(tx: Tx, tokenHash: string, userId: number, ttlMinutes: number) {
  await rows(
    tx,
    sql`INSERT INTO reset_tokens (token_hash, user_id, expires_at)
      VALUES (${tokenHash}, ${userId}, now() + interval '${sql.raw(String(ttlMinutes))} minutes')`,
  );
}

/**
 * Marks the user's unused, unexpired reset token with this hash used; whether there was one. (`userId` 0, no
 * user, runs the same query and matches nothing.)
 */
export async function useResetToken(tx: Tx, tokenHash: string, userId: number): Promise<boolean> {
  const used = await row<{ userId: number }>(
    tx,
    sql`UPDATE reset_tokens SET used_at = now()
      WHERE token_hash = ${tokenHash} AND user_id = ${userId} AND used_at IS NULL AND expires_at > now()
      RETURNING user_id AS "userId"`,
  );
  return used !== undefined;
}

/** Every reset token of the user goes (a password change: a pending reset link must not outlive it). */
export async function deleteResetTokens(tx: Tx, userId: number): Promise<void> {
  await rows(tx, sql`DELETE FROM reset_tokens WHERE user_id = ${userId}`);
}

export type ClashRow = {
  id: number;
  email: string;
  isEmailValid: boolean;
  stale: boolean;
  sameUsername: boolean;
};

/**
 * The live accounts holding the username (any case) or the email, locked (FOR UPDATE): whether each is verified,
 * older than `staleHours`, and holds the username. A guest (docs/decisions/026-guests.md) never clashes.
 */
export function lockClashes(
  tx: Tx,
  username: string,
  email: string,
  staleHours: number,
): Promise<ClashRow[]> {
  return rows<ClashRow>(
    tx,
    sql`SELECT id, email, is_email_valid AS "isEmailValid",
        registered_at < now() - interval '${sql.raw(String(staleHours))} hours' AS stale,
        lower(username) = lower(${username}) AS "sameUsername"
      FROM users
      WHERE (lower(username) = lower(${username}) OR email = ${email})
        AND deleted_at IS NULL AND guest_room_id IS NULL
      FOR UPDATE`,
  );
}

/** Refuses the token `jti` until it expires, and clears everybody's entries that have expired. */
export async function revokeToken(tx: Tx, jti: string, userId: number, expiresAt: Date): Promise<void> {
  await rows(
    tx,
    sql`INSERT INTO revoked_tokens (jti, user_id, expires_at) VALUES (${jti}, ${userId}, ${instant(expiresAt)})
      ON CONFLICT DO NOTHING`,
  );
  await rows(tx, sql`DELETE FROM revoked_tokens WHERE expires_at <= now()`);
}

/** The names (lower case) of the accounts whose name starts with `base`, any case (a guest's name is not taken). */
export async function usernamesStartingWith(tx: Tx, base: string): Promise<string[]> {
  const found = await rows<{ name: string }>(
    tx,
    sql`SELECT lower(username) AS name FROM users
      WHERE lower(username) LIKE lower(${base}) || '%' AND guest_room_id IS NULL`,
  );
  return found.map((r) => r.name);
}

// Accounts (the users table) as sign-up, verification, resets and Google sign-in change them.

const oneUser = async (tx: Tx, query: SQL): Promise<UserRow | undefined> => {
  const found = await row<UserRecord>(tx, query);
  return found && toUserRow(found);
};

export async function deleteUser(tx: Tx, userId: number): Promise<void> {
  await rows(tx, sql`DELETE FROM users WHERE id = ${userId}`);
}

/** A new unverified account. */
export async function insertUser(
  tx: Tx,
  values: { username: string; email: string; passwordHash: string; invitedBy: number | null },
): Promise<UserRow> {
  return (await oneUser(
    tx,
    sql`INSERT INTO users (username, email, password_hash, invited_by)
      VALUES (${values.username}, ${values.email}, ${values.passwordHash}, ${values.invitedBy})
      RETURNING ${userColumns()}`,
  ))!;
}

/** The account `userId` while it still has this email, locked (FOR UPDATE). */
export async function lockUserWithEmail(tx: Tx, userId: number, email: string): Promise<UserRow | undefined> {
  return oneUser(
    tx,
    sql`SELECT ${userColumns()} FROM users
      WHERE users.id = ${userId} AND users.email = ${email} AND users.guest_room_id IS NULL FOR UPDATE`,
  );
}

/** The account's email is verified; whoever invited it is forgotten. */
export async function markVerified(tx: Tx, userId: number): Promise<UserRow> {
  return (await oneUser(
    tx,
    sql`UPDATE users SET is_email_valid = true, invited_by = NULL WHERE users.id = ${userId}
      RETURNING ${userColumns()}`,
  ))!;
}

/** A new password, and tokens issued before `tokensValidAfter` refused; the account as it is now. */
export async function setPassword(
  tx: Tx,
  userId: number,
  passwordHash: string,
  tokensValidAfter: Date,
): Promise<UserRow | undefined> {
  return oneUser(
    tx,
    sql`UPDATE users SET password_hash = ${passwordHash}, tokens_valid_after = ${instant(tokensValidAfter)}
      WHERE users.id = ${userId} RETURNING ${userColumns()}`,
  );
}

/** Tokens issued before `at` refused. */
export async function setTokensValidAfter(tx: Tx, userId: number, at: Date): Promise<void> {
  await rows(tx, sql`UPDATE users SET tokens_valid_after = ${instant(at)} WHERE id = ${userId}`);
}

/** The account linked to this Google identity, if any. */
export async function linkedUser(tx: Tx, issuer: string, subject: string): Promise<UserRow | undefined> {
  return oneUser(
    tx,
    sql`SELECT ${userColumns()} FROM oauth_identities o JOIN users ON users.id = o.user_id
      WHERE o.issuer = ${issuer} AND o.subject = ${subject}`,
  );
}

/** The account with this email, locked (FOR UPDATE); never a guest. */
export async function lockUserByEmail(tx: Tx, email: string): Promise<UserRow | undefined> {
  return oneUser(
    tx,
    sql`SELECT ${userColumns()} FROM users WHERE users.email = ${email} AND users.guest_room_id IS NULL FOR UPDATE`,
  );
}

/** Changes an account as Google sign-in does (verified; a password or picture as given). */
export async function updateUser(
  tx: Tx,
  userId: number,
  set: { isEmailValid?: boolean; passwordHash?: null; pictureUrl?: string },
): Promise<UserRow> {
  // As the builder's `.set()`: the fields given (a `null` included), the others left as they are.
  const sets: SQL[] = [];
  if (set.isEmailValid !== undefined) sets.push(sql`is_email_valid = ${set.isEmailValid}`);
  if (set.passwordHash === null) sets.push(sql`password_hash = NULL`);
  if (set.pictureUrl !== undefined) sets.push(sql`picture_url = ${set.pictureUrl}`);
  if (sets.length === 0) throw new Error('updateUser: nothing to set');
  return (await oneUser(
    tx,
    sql`UPDATE users SET ${sql.join(sets, sql`, `)} WHERE users.id = ${userId} RETURNING ${userColumns()}`,
  ))!;
}

/** A new verified account without a password (Google sign-in). */
export async function insertGoogleUser(
  tx: Tx,
  values: { username: string; email: string; pictureUrl: string },
): Promise<UserRow> {
  return (await oneUser(
    tx,
    sql`INSERT INTO users (username, email, picture_url, is_email_valid, password_hash)
      VALUES (${values.username}, ${values.email}, ${values.pictureUrl}, true, NULL)
      RETURNING ${userColumns()}`,
  ))!;
}

export async function insertIdentity(tx: Tx, issuer: string, subject: string, userId: number): Promise<void> {
  await rows(
    tx,
    sql`INSERT INTO oauth_identities (issuer, subject, user_id) VALUES (${issuer}, ${subject}, ${userId})`,
  );
}
