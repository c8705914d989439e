import { useMutation, useQueryClient } from '@tanstack/react-query';
import { roomEndpoints, type Invite, type Room } from '@outing/contract';
import { useAuth } from '@/hooks/use-auth';
import { api } from '@/lib/api-client';
import { refreshMyRooms } from '@/entities/room/cache';
import { roomKeys } from '@/lib/query-keys';

export interface NewRoom {
  room: {
    name: string;
    /** `YYYY-MM-DD`; left out with `dateTbd`. */
    date?: string;
    venue?: string;
    venuePlaceId?: string;
    /** `HH:MM`; left out with `dateTbd`. */
    time?: string;
    /** Date / venue to be decided (docs/api/README.md#date-and-venue-tbd): their fields are then left out. */
    dateTbd?: boolean;
    venueTbd?: boolean;
    imageUrl: string;
    isPrivate: boolean;
    description: string;
    /** ISO 4217; the server's default when left out (docs/api/README.md#currency). */
    currency?: string;
    /** Places for going members (1–10,000); null for no limit (docs/api/README.md#plans). */
    capacity?: number | null;
    /** IANA zone of `date` and `time`: the browser's (docs/api/README.md#plans). */
    timeZone?: string;
    /** An uploaded cover picture (POST /pictures), shown instead of `imageUrl`. */
    pictureId?: string | null;
  };
  invitees: number[];
}

/** POST /v1/rooms {room, invitees}: the caller hosts it; invitees must be friends (400) who exist (404). */
export function createRoom(body: NewRoom): Promise<{ room: Room; invites: Invite[] }> {
  return api.call(roomEndpoints.create, { body });
}

export function useCreateRoom() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRoom,
    onSuccess: ({ room }) => {
      queryClient.setQueryData(roomKeys.detail(room.id), room);
      refreshMyRooms(queryClient, user.id);
    },
  });
}
