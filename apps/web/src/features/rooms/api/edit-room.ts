import { useMutation, useQueryClient } from '@tanstack/react-query';
import { roomEndpoints, type Room } from '@outing/contract';
import { api } from '@/lib/api-client';
import { prependToCursorPages } from '@/lib/cursor-pages';
import { roomKeys } from '@/lib/query-keys';

export interface RoomEdit {
  /** Left out with `venueTbd: true`. */
  venue?: string;
  placeId?: string;
  /** `YYYY-MM-DD`; left out with `dateTbd: true`. */
  date?: string;
  /** `HH:MM` */
  time?: string;
  /** true: to be decided (again); false: fixed by the date / venue sent (docs/api/README.md#date-and-venue-tbd). */
  dateTbd?: boolean;
  venueTbd?: boolean;
  description: string;
  /** ISO 4217; only while the room has no bills (else 409). Left out when unchanged. */
  currency?: string;
  name?: string;
  /** One of the six presets; still kept when an uploaded picture is shown (older clients show it). */
  imageUrl?: string;
  isPrivate?: boolean;
  /** 1–10,000, or null for no limit. */
  capacity?: number | null;
  /** IANA zone of `date` and `time`; a change of zone moves the start and notifies everyone. */
  timeZone?: string;
  /** An uploaded picture of the caller's; null goes back to the preset. Left out: unchanged. */
  pictureId?: string | null;
}

/**
 * PATCH /v1/rooms/{id}/edit: host only (403), closed 409, a new currency once the room has bills 409, unknown 404.
 * Returns the room. A change of date, time or venue notifies every member and invitee (the server's doing).
 */
export function editRoom(roomId: string, body: RoomEdit): Promise<Room> {
  return api.call(roomEndpoints.edit, { params: { id: roomId }, body });
}

export function useEditRoom(roomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RoomEdit) => editRoom(roomId, body),
    onSuccess: (room) => {
      queryClient.setQueryData(roomKeys.detail(roomId), room);
      // Most recently updated first: the edited room moves to the top of the loaded pages.
      prependToCursorPages(queryClient, roomKeys.list(), room);
      // Its name, privacy or date may change where it is listed in Explore; a larger capacity moves people
      // off the waitlist.
      void queryClient.invalidateQueries({ queryKey: roomKeys.public() });
      void queryClient.invalidateQueries({ queryKey: roomKeys.attendees(roomId) });
    },
  });
}
