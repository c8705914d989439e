import type { Db } from '../../db/pool.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { codeMail, type Mailer } from '../../lib/mailer.js';
import { verifyPassword } from '../../lib/passwords.js';
import { checkCode, issueCode } from '../auth/service.js';
import { findUserById, type UserRow } from '../users/service.js';

/**
 * "It is really you": what changing the password and deleting the account ask for on top of the token (issue
 * #21). A token alone is not enough for either, so that a token lifted from a device can neither lock its owner out
 * nor erase them. The proof is the current password, or a code mailed to the account's address (the one way for an
 * account without a password, such as a Google sign-in; control of the mailbox could reset the password anyway).
 */
export type ProofContext = { db: Db; mailer: Mailer; secret: string };
export type Proof = { password?: string; code?: string };

/** The signed-in user's live row (a deleted one never gets this far: its tokens are refused). */
export async function liveUser(db: Db, userId: number): Promise<UserRow> {
  const row = await findUserById(db, userId);
  if (!row || row.deletedAt) throw notFound('User not found.', 'USER_NOT_FOUND');
  return row;
}

/** `POST /users/{id}/confirmation-code`: mails a code (the resend rules of docs/api/README.md#authentication apply: 30 s, five an hour). */
export async function sendConfirmationCode(ctx: ProofContext, userId: number): Promise<{ email: string }> {
  const user = await liveUser(ctx.db, userId);
  const code = await ctx.db.transaction((tx) =>
    issueCode(tx, ctx.secret, user.id, user.email, 'confirm-account'),
  );
  ctx.mailer.send(codeMail(user.email, code, 'confirm-account'));
  return { email: user.email };
}

/**
 * Checks the proof; a 400 naming the field otherwise. A wrong code uses up one of its five tries, committed whatever
 * happens next; a right one is used up.
 */
export async function requireProof(
  ctx: ProofContext,
  user: UserRow,
  proof: Proof,
  passwordField: 'password' | 'currentPassword',
): Promise<void> {
  const refuse = (path: string, message: string): never => {
    throw badRequest(message, [{ path, message }]);
  };
  if (proof.password !== undefined) {
    if (!user.passwordHash)
      refuse(passwordField, 'Your account has no password. Ask for a code by email and enter it instead.');
    if (!(await verifyPassword(user.passwordHash, proof.password)))
      refuse(passwordField, 'That password is not right. Check it and try again.');
    return;
  }
  if (proof.code === undefined) {
    refuse(
      user.passwordHash ? passwordField : 'code',
      user.passwordHash
        ? 'Enter your password to confirm.'
        : 'Enter the code we email you to confirm. Ask for one first.',
    );
  }
  const outcome = await ctx.db.transaction((tx) =>
    checkCode(tx, ctx.secret, user.email, proof.code!, ['confirm-account']),
  );
  switch (outcome.kind) {
    case 'ok':
      if (outcome.userId === user.id) return;
      return refuse('code', 'That code is not right. Check it and try again.');
    case 'none':
      return refuse('code', 'There is no code waiting for you. Ask for a new one.');
    case 'void':
      return refuse('code', 'Too many wrong tries. Ask for a new code.');
    case 'expired':
      return refuse('code', 'That code has expired. Ask for a new one.');
    case 'wrong':
      return refuse(
        'code',
        outcome.nowVoid
          ? 'Too many wrong tries. Ask for a new code.'
          : 'That code is not right. Check it and try again.',
      );
  }
}
