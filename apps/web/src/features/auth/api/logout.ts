import { authEndpoints } from '@outing/contract';
import { api } from '@/lib/api-client';

/** POST /v1/auth/logout (no body): revokes every token of the signed-in user. */
export async function logoutOnServer(): Promise<void> {
  await api.call(authEndpoints.logout, { body: undefined });
}
