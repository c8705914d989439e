import { accountEndpoints } from '@outing/contract';
import { callEndpoint } from '@/lib/api-client';

/**
 * PATCH /v1/users/{id} {field: 'username', value}. The answer's token carries the new username and must replace
 * the stored one.
 */
export async function updateUsername(
  userId: number,
  value: string,
): Promise<{ username: string; token: string }> {
  const answer = await callEndpoint(accountEndpoints.updateUsername, {
    params: { id: userId },
    body: { field: 'username', value },
  });
  if (!answer.token) throw new Error('The answer carried no token');
  return { username: answer.data.value, token: answer.token };
}
