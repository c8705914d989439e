import { userDetailSchema } from '@outing/contract';
import { apiRequest } from '../../../lib/api-client';
import { requireToken, type SignedIn } from './login';

/** POST /v1/auth/google: exchanges the provider's authorisation code; the same answer as login. */
export async function googleLogin(body: { code: string; redirectUri: string }): Promise<SignedIn> {
  const answer = await apiRequest('/auth/google', { method: 'POST', body, schema: userDetailSchema });
  return { user: answer.data, token: requireToken(answer.token) };
}
