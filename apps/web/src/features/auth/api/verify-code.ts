import { authEndpoints } from '@outing/contract';
import { callEndpoint } from '@/lib/api-client';

export type VerifyResult =
  /** A verify-email code: the account is verified and, from a server of issue #21 on, signed in (`token`). */
  | { kind: 'verified'; token: string | null }
  /** A reset-password code: the token that lets the user choose a new password. */
  | { kind: 'reset'; resetToken: string };

/**
 * POST /v1/auth/verify (docs/accounts.md): a right verify-email code answers `data: null` with a top-level `token`
 * and `user`, as a login does; a reset-password code answers `data.resetToken` only. An older server answers no
 * token: the user then logs in as before.
 */
export async function verifyCode(body: { email: string; otp: string }): Promise<VerifyResult> {
  const answer = await callEndpoint(authEndpoints.verify, { body });
  if (answer.data?.resetToken) return { kind: 'reset', resetToken: answer.data.resetToken };
  return { kind: 'verified', token: answer.token ?? null };
}
