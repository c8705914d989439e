import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { guestEndpoints, type GuestDeviceLink } from '@outing/contract';
import { api } from '@/lib/api-client';

// A guest's personal link (docs/api/README.md#guests): the same guest on another device. Its secret sits in the
// link's fragment, which a browser never sends to a server.

const deviceLinkKey = ['guest-device-link'] as const;

/** GET /v1/guest/device-link (a guest's token only): the link, or null while it is off. */
export function useDeviceLink() {
  return useQuery({
    queryKey: deviceLinkKey,
    queryFn: ({ signal }): Promise<GuestDeviceLink | null> => api.call(guestEndpoints.deviceLink, { signal }),
  });
}

/** POST /v1/guest/device-link: a new link; the one before stops working at once. */
export function useNewDeviceLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(guestEndpoints.createDeviceLink),
    onSuccess: (link) => queryClient.setQueryData(deviceLinkKey, link),
  });
}

/** DELETE /v1/guest/device-link: the link stops working; this device stays in. */
export function useTurnOffDeviceLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(guestEndpoints.revokeDeviceLink),
    onSuccess: () => queryClient.setQueryData(deviceLinkKey, null),
  });
}
