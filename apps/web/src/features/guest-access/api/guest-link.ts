import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { guestEndpoints, type GuestLink } from '@outing/contract';
import { api } from '@/lib/api-client';
import { roomKeys } from '@/lib/query-keys';

// The host's guest link (docs/api/README.md#guests): read, turned on (a new secret each time) and turned off.

/** GET /v1/rooms/{id}/guest-link (host only): the link, or null while it is off. */
export function getGuestLink(roomId: string, signal?: AbortSignal): Promise<GuestLink | null> {
  return api.call(guestEndpoints.link, { params: { id: roomId }, signal });
}

export function useGuestLink(roomId: string, enabled = true) {
  return useQuery({
    queryKey: roomKeys.guestLink(roomId),
    queryFn: ({ signal }) => getGuestLink(roomId, signal),
    enabled,
  });
}

/**
 * POST /v1/rooms/{id}/guest-link: turns the link on with a new secret. Called again it makes a new link and the
 * earlier one stops working at once; a closed room is 409 ROOM_CLOSED.
 */
export function useTurnOnGuestLink(roomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(guestEndpoints.createLink, { params: { id: roomId } }),
    onSuccess: (link) => queryClient.setQueryData(roomKeys.guestLink(roomId), link),
  });
}

/** DELETE /v1/rooms/{id}/guest-link: nobody joins from it any more; the guests already in stay. */
export function useTurnOffGuestLink(roomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(guestEndpoints.revokeLink, { params: { id: roomId } }),
    onSuccess: () => queryClient.setQueryData(roomKeys.guestLink(roomId), null),
  });
}
