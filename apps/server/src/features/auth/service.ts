import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { OtpPurpose, SignupBody, UserDetail } from '@outing/contract';
import type { Db } from '../../db/pool.js';
import { resetTokens, users } from '../../db/schema.js';
import { AppError, badRequest, conflict, notFound, unauthenticated } from '../../lib/errors.js';
import { codeMail, type Mailer } from '../../lib/mailer.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { findUserByEmail, findUserByLogin, toUserDetail, type UserRow } from '../users/service.js';
import { checkCode, createResetToken, hashResetToken, issueCode, reserveSend } from './otp.js';

export type AuthContext = { db: Db; mailer: Mailer; secret: string };

const UNVERIFIED_REPLACED_AFTER_HOURS = 24;

/**
 * Creates an unverified account and mails it a code (api-contract §3). An account holding the username or the email
 * is a 409, verified or not, unless it is unverified and older than 24 hours: then it is replaced, its codes going
 * with it. (Replacing a fresh one at once let a second sign-up take over the first one's email: issue 17.)
 */
export async function signup(ctx: AuthContext, body: SignupBody): Promise<UserDetail> {
  const passwordHash = await hashPassword(body.password);
  let code: string | undefined;
  let row: UserRow;
  try {
    row = await ctx.db.transaction(async (tx) => {
      const clashes = await tx
        .select({
          id: users.id,
          email: users.email,
          isEmailValid: users.isEmailValid,
          stale: sql<boolean>`${users.registeredAt} < now() - interval '${sql.raw(String(UNVERIFIED_REPLACED_AFTER_HOURS))} hours'`,
          sameUsername: sql<boolean>`lower(${users.username}) = lower(${body.username})`,
        })
        .from(users)
        .where(sql`lower(${users.username}) = lower(${body.username}) OR ${users.email} = ${body.email}`)
        .for('update');
      for (const c of clashes) {
        if (c.isEmailValid || !c.stale) {
          throw conflict(
            c.sameUsername ? 'That username is already taken.' : 'An account with that email already exists.',
          );
        }
      }
      // Their pending codes go too (otp_codes.user_id cascades): none of them can verify the new account.
      for (const c of clashes) await tx.delete(users).where(eq(users.id, c.id));
      const [created] = await tx
        .insert(users)
        .values({ username: body.username, email: body.email, passwordHash })
        .returning();
      try {
        code = await issueCode(tx, ctx.secret, created!.id, body.email, 'verify-email');
      } catch (err) {
        // A code for this email went out moments ago (to the account just replaced): the account is created all
        // the same, and the code screen's resend gets one once the wait is over.
        if (!(err instanceof AppError && err.status === 429)) throw err;
      }
      return created!;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('Username or email already exists.');
    throw err;
  }
  if (code) ctx.mailer.send(codeMail(body.email, code, 'verify-email'));
  return toUserDetail(row);
}

export async function login(ctx: AuthContext, loginName: string, password: string): Promise<UserRow> {
  const row = await findUserByLogin(ctx.db, loginName);
  const ok = await verifyPassword(row?.passwordHash, password);
  if (!row || !ok) throw unauthenticated('Invalid username or password.');
  if (!row.isEmailValid) {
    throw new AppError(403, 'EMAIL_NOT_VERIFIED', 'Please verify your email address first.', undefined, {
      body: { email: row.email },
    });
  }
  return row;
}

/** Issues and mails a code (api-contract §3 `POST /auth/otp`). */
export async function requestCode(ctx: AuthContext, email: string, purpose: OtpPurpose): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user) {
    if (purpose === 'verify-email') throw notFound('User not found.');
    // No enumeration: the same rules and answers as for a real account, only no mail.
    await ctx.db.transaction((tx) => reserveSend(tx, email, purpose));
    return;
  }
  if (purpose === 'verify-email' && user.isEmailValid) throw conflict('User already verified.');
  const code = await ctx.db.transaction((tx) => issueCode(tx, ctx.secret, user.id, email, purpose));
  ctx.mailer.send(codeMail(email, code, purpose));
}

/** Checks a code; verifies the email, or returns a single-use reset token. */
export async function verifyCode(
  ctx: AuthContext,
  email: string,
  code: string,
): Promise<{ resetToken: string } | null> {
  const outcome = await ctx.db.transaction(async (tx) => {
    const checked = await checkCode(tx, ctx.secret, email, code);
    if (checked.kind !== 'ok') return checked;
    // The account the code was issued for, and only while it still has this email.
    const [user] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, checked.userId), eq(users.email, email)))
      .for('update');
    if (!user) return { kind: 'no-user' as const };
    if (checked.purpose === 'verify-email') {
      await tx.update(users).set({ isEmailValid: true }).where(eq(users.id, user.id));
      return { kind: 'verified' as const };
    }
    return { kind: 'reset' as const, token: await createResetToken(tx, user.id) };
  });
  switch (outcome.kind) {
    case 'none':
    case 'no-user':
      // One answer whether or not the email has an account.
      throw notFound('There is no code waiting for this email. Ask for a new one.');
    case 'void':
      throw badRequest('Too many wrong tries. Ask for a new code.');
    case 'expired':
      throw badRequest('That code has expired. Ask for a new one.');
    case 'wrong':
      throw badRequest(
        outcome.nowVoid
          ? 'Too many wrong tries. Ask for a new code.'
          : 'That code is not right. Check it and try again.',
      );
    case 'verified':
      return null;
    case 'reset':
      return { resetToken: outcome.token };
  }
}

/**
 * Sets a new password with a reset token from `verifyCode` and signs every existing session out; returns the user
 * and the moment (ms) their earlier tokens stopped being valid. An unknown email gets the bad token's 400 after the
 * same work (a hash and the token query), so neither the answer nor its time tells which emails have an account.
 */
export async function resetPassword(
  ctx: AuthContext,
  email: string,
  password: string,
  resetToken: string,
): Promise<{ userId: number; revokedAtMs: number }> {
  const user = await findUserByEmail(ctx.db, email);
  const passwordHash = await hashPassword(password);
  const revokedAt = new Date();
  const done = await ctx.db.transaction(async (tx) => {
    const [used] = await tx
      .update(resetTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(resetTokens.tokenHash, hashResetToken(resetToken)),
          // Ids start at 1: for an unknown email the same query runs and matches nothing.
          eq(resetTokens.userId, user?.id ?? 0),
          isNull(resetTokens.usedAt),
          gt(resetTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: resetTokens.userId });
    if (!used || !user) return false;
    await tx.update(users).set({ passwordHash, tokensValidAfter: revokedAt }).where(eq(users.id, user.id));
    return true;
  });
  if (!done || !user) throw badRequest('This reset has expired or was already used. Please start again.');
  return { userId: user.id, revokedAtMs: revokedAt.getTime() };
}

/** Revokes every token the user holds; returns the moment (ms) from which tokens are valid again. */
export async function revokeTokens(db: Db, userId: number): Promise<number> {
  const at = new Date();
  await db.update(users).set({ tokensValidAfter: at }).where(eq(users.id, userId));
  return at.getTime();
}
