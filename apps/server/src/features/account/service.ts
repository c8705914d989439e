import type { ChangePasswordBody, DeleteAccountBody } from '@outing/contract';
import type { AppEvents } from '../../lib/events.js';
import { hashPassword } from '../../lib/passwords.js';
import { deleteResetTokens, setPassword } from '../auth/queries.js';
import { revokeFeedWithTokens } from '../calendar/service.js';
import type { UserRow } from '../users/service.js';
import { eraseAccount } from './erase.js';
import { liveUser, requireProof, type ProofContext } from './proof.js';

export { exportAccount } from './export.js';
export { sendConfirmationCode } from './proof.js';

/** Account settings (issue #21): changing the password and deleting the account; see docs/accounts.md. */
export type AccountContext = ProofContext & { events: AppEvents };

/**
 * `PATCH /users/{id}/password`: a new password once the caller proved it is them (the current password, or a
 * mailed code: the only way for an account without one). Every token issued before now stops working, this
 * device's included; the caller signs the answer's fresh token for this device. Pending reset links die too, and
 * the calendar feed link (issue 32).
 */
export async function changePassword(
  ctx: AccountContext,
  userId: number,
  body: ChangePasswordBody,
): Promise<{ user: UserRow; revokedAtMs: number }> {
  const user = await liveUser(ctx.db, userId);
  await requireProof(ctx, user, { password: body.currentPassword, code: body.code }, 'currentPassword');
  const passwordHash = await hashPassword(body.newPassword);
  const revokedAt = new Date();
  const changed = await ctx.db.transaction(async (tx) => {
    await deleteResetTokens(tx, userId);
    const row = await setPassword(tx, userId, passwordHash, revokedAt);
    await revokeFeedWithTokens(tx, userId);
    return row!;
  });
  return { user: changed, revokedAtMs: revokedAt.getTime() };
}

/**
 * `DELETE /users/{id}`: once the caller proved it is them, the account is deleted (`eraseAccount`); returns the
 * moment from which its tokens are refused.
 */
export async function deleteAccount(
  ctx: AccountContext,
  userId: number,
  body: DeleteAccountBody,
): Promise<{ revokedAtMs: number }> {
  const user = await liveUser(ctx.db, userId);
  await requireProof(ctx, user, { password: body.password, code: body.code }, 'password');
  return eraseAccount(ctx, userId);
}
