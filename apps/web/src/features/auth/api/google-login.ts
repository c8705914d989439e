import { authEndpoints } from '@outing/contract';
import { callEndpoint } from '@/lib/api-client';
import { requireToken, type SignedIn } from './login';

/** POST /v1/auth/google: exchanges the provider's authorisation code; the same answer as login. */
export async function googleLogin(body: { code: string; redirectUri: string }): Promise<SignedIn> {
  const answer = await callEndpoint(authEndpoints.google, { body });
  return { user: answer.data, token: requireToken(answer.token) };
}
