import type { OtpPurpose, SignupBody, UserDetail } from '@outing/contract';
import type { Db } from '../../db/pool.js';
import { AppError, badRequest, conflict, notFound, unauthenticated } from '../../lib/errors.js';
import type { AppEvents } from '../../lib/events.js';
import { codeMail, type Mailer } from '../../lib/mailer.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import {
  findUserByEmail,
  findUserById,
  findUserByLogin,
  toUserDetail,
  type UserRow,
} from '../users/service.js';
// Sign-up through an invite link sends the inviter's request the one way requests are sent.
import { revokeFeedWithTokens } from '../calendar/service.js';
import { sendFriendRequest } from '../users/friends.js';
import { findInviter } from './invite-links.js';
import {
  deleteUser,
  insertUser,
  lockClashes,
  lockUserWithEmail,
  markVerified,
  revokeToken,
  setPassword,
  setTokensValidAfter,
  useResetToken,
} from './queries.js';
import {
  checkCode,
  createResetToken,
  hashResetToken,
  issueCode,
  reserveSend,
  SIGN_IN_PURPOSES,
} from './otp.js';

export { checkCode, issueCode } from './otp.js';
export {
  currentInviteLink,
  getInviteLink,
  inviterOf,
  replaceInviteLink,
  revokeInviteLink,
  type InviteContext,
} from './invite-links.js';

export type AuthContext = { db: Db; mailer: Mailer; secret: string };

const UNVERIFIED_REPLACED_AFTER_HOURS = 24;

/**
 * Creates an unverified account and mails it a code (docs/api/README.md#authentication). An account holding the username or the email
 * is a 409, verified or not, unless it is unverified and older than 24 hours: then it is replaced, its codes going
 * with it. (Replacing a fresh one at once let a second sign-up take over the first one's email: issue 17.)
 */
export async function signup(ctx: AuthContext, body: SignupBody): Promise<UserDetail> {
  const passwordHash = await hashPassword(body.password);
  // An unknown or replaced invite code is no reason to refuse a sign-up: it just brings no friend request.
  const inviter = body.inviteCode ? await findInviter(ctx.db, body.inviteCode) : undefined;
  let code: string | undefined;
  let row: UserRow;
  try {
    row = await ctx.db.transaction(async (tx) => {
      const clashes = await lockClashes(tx, body.username, body.email, UNVERIFIED_REPLACED_AFTER_HOURS);
      for (const c of clashes) {
        if (c.isEmailValid || !c.stale) {
          throw c.sameUsername
            ? conflict('That username is already taken.', 'USERNAME_TAKEN')
            : conflict('An account with that email already exists.', 'EMAIL_TAKEN');
        }
      }
      // Their pending codes go too (otp_codes.user_id cascades): none of them can verify the new account.
      for (const c of clashes) await deleteUser(tx, c.id);
      const created = await insertUser(tx, {
        username: body.username,
        email: body.email,
        passwordHash,
        invitedBy: inviter?.id ?? null,
      });
      try {
        code = await issueCode(tx, ctx.secret, created.id, body.email, 'verify-email');
      } catch (err) {
        // A code for this email went out moments ago (to the account just replaced): the account is created all
        // the same, and the code screen's resend gets one once the wait is over.
        if (!(err instanceof AppError && err.status === 429)) throw err;
      }
      return created;
    });
  } catch (err) {
    if (isUniqueViolation(err))
      throw conflict('Username or email already exists.', 'USERNAME_OR_EMAIL_TAKEN');
    throw err;
  }
  if (code) ctx.mailer.send(codeMail(body.email, code, 'verify-email'));
  return toUserDetail(row);
}

export async function login(ctx: AuthContext, loginName: string, password: string): Promise<UserRow> {
  const row = await findUserByLogin(ctx.db, loginName);
  const ok = await verifyPassword(row?.passwordHash, password);
  if (!row || !ok) throw unauthenticated('Invalid username or password.', 'WRONG_CREDENTIALS');
  if (!row.isEmailValid) {
    throw new AppError(403, 'EMAIL_NOT_VERIFIED', 'Please verify your email address first.', undefined, {
      reason: 'EMAIL_NOT_VERIFIED',
      body: { email: row.email },
    });
  }
  return row;
}

/** Issues and mails a code (`POST /auth/otp`, docs/api/README.md#authentication). */
export async function requestCode(ctx: AuthContext, email: string, purpose: OtpPurpose): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user) {
    if (purpose === 'verify-email') throw notFound('User not found.', 'USER_NOT_FOUND');
    // No enumeration: the same rules and answers as for a real account, only no mail.
    await ctx.db.transaction((tx) => reserveSend(tx, email, purpose));
    return;
  }
  if (purpose === 'verify-email' && user.isEmailValid)
    throw conflict('User already verified.', 'ALREADY_VERIFIED');
  const code = await ctx.db.transaction((tx) => issueCode(tx, ctx.secret, user.id, email, purpose));
  ctx.mailer.send(codeMail(email, code, purpose));
}

/**
 * Checks a code: a verify-email code verifies the account and returns it (to be signed in: issue #21), a
 * reset-password code returns a single-use reset token and nothing else.
 */
export async function verifyCode(
  ctx: AuthContext & { events: AppEvents },
  email: string,
  code: string,
): Promise<{ resetToken: string } | { user: UserRow }> {
  const outcome = await ctx.db.transaction(async (tx) => {
    const checked = await checkCode(tx, ctx.secret, email, code, SIGN_IN_PURPOSES);
    if (checked.kind !== 'ok') return checked;
    // The account the code was issued for, and only while it still has this email.
    const user = await lockUserWithEmail(tx, checked.userId, email);
    if (!user) return { kind: 'no-user' as const };
    if (checked.purpose === 'verify-email') {
      const verified = await markVerified(tx, user.id);
      return { kind: 'verified' as const, user: verified, invitedBy: user.invitedBy };
    }
    return { kind: 'reset' as const, token: await createResetToken(tx, user.id) };
  });
  switch (outcome.kind) {
    case 'none':
    case 'no-user':
      // One answer whether or not the email has an account.
      throw notFound('There is no code waiting for this email. Ask for a new one.', 'NO_CODE_WAITING');
    case 'void':
      throw badRequest('Too many wrong tries. Ask for a new code.', 'CODE_USED_UP');
    case 'expired':
      throw badRequest('That code has expired. Ask for a new one.', 'CODE_EXPIRED');
    case 'wrong':
      throw outcome.nowVoid
        ? badRequest('Too many wrong tries. Ask for a new code.', 'CODE_USED_UP')
        : badRequest('That code is not right. Check it and try again.', 'CODE_WRONG');
    case 'verified':
      if (outcome.invitedBy !== null) await requestFromInviter(ctx, outcome.invitedBy, outcome.user.id);
      return { user: outcome.user };
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
    // Ids start at 1: for an unknown email the same query runs and matches nothing.
    const used = await useResetToken(tx, hashResetToken(resetToken), user?.id ?? 0);
    if (!used || !user) return false;
    await setPassword(tx, user.id, passwordHash, revokedAt);
    await revokeFeedWithTokens(tx, user.id);
    return true;
  });
  if (!done || !user)
    throw badRequest('This reset has expired or was already used. Please start again.', 'RESET_EXPIRED');
  return { userId: user.id, revokedAtMs: revokedAt.getTime() };
}

/**
 * Revokes every token the user holds, and their calendar feed link with them; returns the moment (ms) from which
 * tokens are valid again.
 */
export async function revokeTokens(db: Db, userId: number): Promise<number> {
  const at = new Date();
  await db.transaction(async (tx) => {
    await setTokensValidAfter(tx, userId, at);
    await revokeFeedWithTokens(tx, userId);
  });
  return at.getTime();
}

/**
 * A sign-up through an invite link, now verified: the inviter's friend request waits for the new user, with its
 * notification (docs/accounts.md: the new user accepts it; a forwarded link must not make strangers friends and show
 * them each other's email). Made after the verification committed; if it fails, the account stays verified and the
 * two can still find each other by name.
 */
async function requestFromInviter(
  ctx: AuthContext & { events: AppEvents },
  inviterId: number,
  userId: number,
) {
  const inviter = await findUserById(ctx.db, inviterId);
  if (!inviter || inviter.deletedAt || !inviter.isEmailValid) return;
  try {
    await sendFriendRequest({ db: ctx.db, events: ctx.events }, inviter, userId);
  } catch (err) {
    // Already friends or a request already pending either way: nothing more to do.
    if (!(err instanceof AppError && (err.status === 409 || err.status === 404))) throw err;
  }
}

/**
 * `POST /auth/logout`: every token of the user (docs/api/README.md#authentication), or with `device` (the claims of this request's
 * token, issue #21) that token only: its `jti` is refused until the token would have expired anyway. Expired entries
 * of everybody are cleared on the way, so the table holds only tokens that could still be used. A token without a
 * `jti` (none is issued so) cannot be told apart: everything is signed out. Returns what the revocation event needs.
 */
export async function signOut(
  db: Db,
  userId: number,
  device?: { jti?: string; exp: number },
): Promise<{ atMs: number; jti?: string }> {
  const jti = device?.jti;
  if (device === undefined || jti === undefined) return { atMs: await revokeTokens(db, userId) };
  await db.transaction(async (tx) => {
    await revokeToken(tx, jti, userId, new Date(device.exp * 1000));
  });
  return { atMs: Date.now(), jti };
}
