import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

const updatedSchema = z.object({ field: z.literal('username'), value: z.string() });

/**
 * PATCH /v1/users/{id} {field: 'username', value}. The answer's token carries the new username and must replace
 * the stored one.
 */
export async function updateUsername(
  userId: number,
  value: string,
): Promise<{ username: string; token: string }> {
  const answer = await apiRequest(`/users/${userId}`, {
    method: 'PATCH',
    body: { field: 'username', value },
    schema: updatedSchema,
  });
  if (!answer.token) throw new Error('The answer carried no token');
  return { username: answer.data.value, token: answer.token };
}
