import { authEndpoints, type ResetBody } from '@outing/contract';
import { api } from '@/lib/api-client';

/** PATCH /v1/auth/reset: sets the password with the single-use token from verify; signs every session out. */
export async function resetPassword(body: ResetBody): Promise<void> {
  await api.call(authEndpoints.reset, { body });
}
