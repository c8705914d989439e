import { authEndpoints, type Inviter } from '@outing/contract';
import { api } from '@/lib/api-client';
import { inviteKeys } from '@/lib/query-keys';

/** GET /v1/auth/invites/{code} (no token): who the invite link belongs to; 404 for any link that does not work. */
export function getInviter(code: string, signal?: AbortSignal): Promise<Inviter> {
  return api.call(authEndpoints.inviter, { params: { code }, signal });
}

export const inviterQueryOptions = (code: string) => ({
  queryKey: inviteKeys.inviter(code),
  queryFn: ({ signal }: { signal: AbortSignal }) => getInviter(code, signal),
  staleTime: 5 * 60_000,
  // A 404 is an answer, not a hiccup.
  retry: false,
});
