import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { tooMany } from '../../lib/errors.js';
import {
  deleteCode,
  hasCode,
  insertResetToken,
  lockSends,
  recentSends,
  recordSend,
  reserveAttempts,
  upsertCode,
  type CodePurpose,
  type Tx,
} from './queries.js';

export const OTP_TTL_MINUTES = 10;
export const OTP_RESEND_WAIT_SECONDS = 30;
export const OTP_SENDS_PER_HOUR = 5;
export const OTP_MAX_ATTEMPTS = 5;
export const RESET_TOKEN_TTL_MINUTES = 10;

/** Codes are stored as an HMAC keyed with the server secret: a leaked table does not reveal a 6-digit code. */
export function hashCode(secret: string, email: string, purpose: CodePurpose, code: string): string {
  return createHmac('sha256', secret).update(`otp:${email}:${purpose}:${code}`).digest('base64url');
}

export const hashResetToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * Applies the resend rules to (email, purpose) and records the send: one per 30 s and five per hour (429 with
 * Retry-After otherwise). Serialised per email and purpose by an advisory lock. Also used for emails without an
 * account, so that the answers do not tell which emails have one.
 */
export async function reserveSend(tx: Tx, email: string, purpose: CodePurpose): Promise<void> {
  await lockSends(tx, email, purpose);
  const recent = await recentSends(tx, email, purpose, OTP_RESEND_WAIT_SECONDS);
  if (recent && recent.waitSeconds > 0) {
    throw tooMany(
      `Please wait ${Math.ceil(recent.waitSeconds)} seconds before asking for a new code.`,
      'CODE_SENT_RECENTLY',
      recent.waitSeconds,
    );
  }
  if (recent && recent.count >= OTP_SENDS_PER_HOUR) {
    throw tooMany(
      'Too many codes were requested. Please try again later.',
      'TOO_MANY_CODES',
      recent.hourWaitSeconds,
    );
  }
  // Keep the send log short: only the last hour matters.
  await recordSend(tx, email, purpose);
}

/**
 * Issues a new code for (email, purpose) within the resend rules, replacing any older one. The code belongs to the
 * account `userId`: it verifies that account only, and is deleted with it.
 */
export async function issueCode(
  tx: Tx,
  secret: string,
  userId: number,
  email: string,
  purpose: CodePurpose,
): Promise<string> {
  await reserveSend(tx, email, purpose);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await upsertCode(
    tx,
    { email, purpose, userId, codeHash: hashCode(secret, email, purpose, code) },
    OTP_TTL_MINUTES,
  );
  return code;
}

export type CheckOutcome =
  | { kind: 'none' }
  | { kind: 'void' }
  | { kind: 'expired' }
  | { kind: 'wrong'; nowVoid: boolean }
  | { kind: 'ok'; purpose: CodePurpose; userId: number };

/** The codes `POST /auth/verify` takes; a `confirm-account` code is only ever checked by the change it confirms. */
export const SIGN_IN_PURPOSES = ['verify-email', 'reset-password'] as const satisfies CodePurpose[];

/**
 * Checks a code against the pending codes of an email with one of `purposes`. Every guess first reserves one of the
 * five attempts atomically (`attempts < 5` in the UPDATE); only a guess that got one is compared, so however many
 * guesses arrive at once, at most five are ever evaluated, and then the code is void.
 */
export async function checkCode(
  tx: Tx,
  secret: string,
  email: string,
  code: string,
  purposes: readonly CodePurpose[],
): Promise<CheckOutcome> {
  const reserved = await reserveAttempts(tx, email, purposes, OTP_MAX_ATTEMPTS);
  if (reserved.length === 0)
    return (await hasCode(tx, email, purposes)) ? { kind: 'void' } : { kind: 'none' };
  const live = reserved.filter((r) => !r.expired);
  if (live.length === 0) return { kind: 'expired' };
  const match = live.find((r) => {
    const a = Buffer.from(hashCode(secret, email, r.purpose, code));
    const b = Buffer.from(r.codeHash);
    return a.length === b.length && timingSafeEqual(a, b);
  });
  if (!match) return { kind: 'wrong', nowVoid: live.every((r) => r.attempts >= OTP_MAX_ATTEMPTS) };
  await deleteCode(tx, email, match.purpose);
  return { kind: 'ok', purpose: match.purpose, userId: match.userId };
}

/** A single-use reset token for `userId`, valid 10 minutes; only its hash is stored. */
export async function createResetToken(tx: Tx, userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await insertResetToken(tx, hashResetToken(token), userId, RESET_TOKEN_TTL_MINUTES);
  return token;
}
