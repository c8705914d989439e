import { authEndpoints, type SignupBody, type UserDetail } from '@outing/contract';
import { api } from '@/lib/api-client';

/** POST /v1/auth/signup: creates an unverified account and mails it a code. */
export function signup(body: SignupBody): Promise<UserDetail> {
  return api.call(authEndpoints.signup, { body });
}
