import { api } from '../../../lib/api-client';

/** POST /v1/auth/logout: revokes every token of the signed-in user. */
export async function logoutOnServer(): Promise<void> {
  await api.post('/auth/logout');
}
