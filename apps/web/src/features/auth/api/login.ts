import { authEndpoints, type LoginBody, type UserDetail } from '@outing/contract';
import { callEndpoint } from '@/lib/api-client';

export interface SignedIn {
  user: UserDetail;
  token: string;
}

/** The token of a login-style answer (docs/api/README.md#authentication); a success without one is not a sign-in. */
export function requireToken(token: string | undefined): string {
  if (!token) throw new Error('The sign-in answer carried no token');
  return token;
}

/**
 * POST /v1/auth. 401 for a wrong pair; 403 `EMAIL_NOT_VERIFIED` names the account's email in `error.details.email`.
 * The login screen loads this module on demand: it brings the API client and zod.
 */
export async function login(body: LoginBody): Promise<SignedIn> {
  const answer = await callEndpoint(authEndpoints.login, { body });
  return { user: answer.data, token: requireToken(answer.token) };
}
