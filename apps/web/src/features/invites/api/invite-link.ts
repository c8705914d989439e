import { queryOptions } from '@tanstack/react-query';
import { accountEndpoints, type InviteLink } from '@outing/contract';
import { api } from '@/lib/api-client';
import { inviteKeys } from '@/lib/query-keys';

/** GET /v1/users/{id}/invite-link: the user's personal invite link, made on first ask and the same afterwards. */
export function getInviteLink(userId: number, signal?: AbortSignal): Promise<InviteLink> {
  return api.call(accountEndpoints.inviteLink, { params: { id: userId }, signal });
}

export const inviteLinkQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: inviteKeys.link(userId),
    queryFn: ({ signal }) => getInviteLink(userId, signal),
    // The link stays the same until the user replaces it.
    staleTime: Infinity,
  });

/**
 * The address to share: this app's `/invite/{code}` page, which names the inviter before asking anything. The
 * server's own link (`/signup?invite={code}`) also works, and is kept when it carries no code.
 */
export function shareableInviteUrl(serverUrl: string, origin: string = window.location.origin): string {
  let code: string | null;
  try {
    code = new URL(serverUrl, origin).searchParams.get('invite');
  } catch {
    return serverUrl;
  }
  return code ? `${origin}/invite/${encodeURIComponent(code)}` : serverUrl;
}
