import { queryOptions } from '@tanstack/react-query';
import { authEndpoints, guestEndpoints, type GuestPreview, type Room, type User } from '@outing/contract';
import { callEndpoint } from '@/lib/api-client';

/** A guest let in (docs/api/README.md#guests): the guest user, its room and its token. */
export interface GuestIn {
  user: User;
  room: Room;
  token: string;
}

/** The token of an answer that lets a guest in; a success without one lets nobody in. */
function tokenOf(answer: { token?: string }): string {
  if (!answer.token) throw new Error('The answer carried no guest token');
  return answer.token;
}

export const guestPreviewKey = (secret: string) => ['guest-link', secret] as const;

/** GET /v1/guest/{secret}: the room's preview for its guest link; 404 when the link is unknown or turned off. */
export const guestPreviewQueryOptions = (secret: string) =>
  queryOptions({
    queryKey: guestPreviewKey(secret),
    queryFn: async ({ signal }): Promise<GuestPreview> =>
      (await callEndpoint(guestEndpoints.preview, { params: { secret }, signal })).data,
    // A link that does not work says so at once: no retries of a 404.
    retry: (count, error) =>
      count < 2 && !(error instanceof Error && 'status' in error && error.status === 404),
  });

/** POST /v1/guest/{secret}/join {name}: joins as a guest; 404 (link off), 409 (full, closed, started), 429. */
export async function joinAsGuest(secret: string, name: string): Promise<GuestIn> {
  const answer = await callEndpoint(guestEndpoints.join, { params: { secret }, body: { name } });
  return { ...answer.data, token: tokenOf(answer) };
}

/** POST /v1/guest/resume {secret}: the same guest on this device, from its personal link; 404 when it is off. */
export async function resumeGuest(secret: string): Promise<GuestIn> {
  const answer = await callEndpoint(guestEndpoints.resume, { body: { secret } });
  return { ...answer.data, token: tokenOf(answer) };
}

/** POST /v1/auth/claim-guest {guestToken}: the signed-in account keeps the guest; answers the room. */
export async function claimGuest(guestToken: string): Promise<Room> {
  return (await callEndpoint(authEndpoints.claimGuest, { body: { guestToken } })).data;
}
