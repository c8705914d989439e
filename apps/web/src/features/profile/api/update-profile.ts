import { accountEndpoints } from '@outing/contract';
import { callEndpoint } from '@/lib/api-client';

/**
 * PATCH /v1/users/{id} {field: 'displayName', value} (docs/api/README.md#users-and-friends): the name shown to
 * friends. The answer carries a fresh token, stored as the username change's is.
 */
export async function updateDisplayName(
  userId: number,
  value: string,
): Promise<{ displayName: string; token: string }> {
  const answer = await callEndpoint(accountEndpoints.updateUsername, {
    params: { id: userId },
    body: { field: 'displayName', value },
  });
  if (!answer.token) throw new Error('The answer carried no token');
  return { displayName: answer.data.value, token: answer.token };
}

/**
 * PATCH /v1/users/{id} {field: 'pictureId', value: uuid | null}: the profile picture, or none. The answer's token
 * carries the new `picture_url`, so the session's user shows it at once.
 */
export async function updateProfilePicture(
  userId: number,
  pictureId: string | null,
): Promise<{ pictureUrl: string; token: string }> {
  const answer = await callEndpoint(accountEndpoints.updateUsername, {
    params: { id: userId },
    body: { field: 'pictureId', value: pictureId },
  });
  if (!answer.token) throw new Error('The answer carried no token');
  const pictureUrl = answer.data.field === 'pictureId' ? answer.data.pictureUrl : '';
  return { pictureUrl, token: answer.token };
}
