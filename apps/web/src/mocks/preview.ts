import { roomEndpoints, type RoomPreview, type User } from '@outing/contract';
import { mockDelay } from './delay';
import { fail, ok } from './envelope';
import { mockRoute } from './route';
import type { MockRoom } from './rooms/seed';
import type { RoomsStore } from './rooms/store';

// Mock mode of the preview (contract plans.ts roomPreviewSchema), on the rooms
// mock's state so that a room created, joined or closed there previews as it is.

/** Nobody signed in: the preview names no one but the host. */
const visitor: User = { id: -1, username: '', email: '', pictureUrl: '' };

export function toPreview(store: RoomsStore, room: MockRoom): RoomPreview {
  const full = store.toRoom(room, visitor);
  return {
    id: full.id,
    name: full.name,
    imageUrl: full.imageUrl,
    pictureUrl: full.pictureUrl,
    date: full.date,
    time: full.time,
    timeZone: full.timeZone,
    startsAt: full.startsAt,
    venue: full.venue,
    venueUrl: full.venueUrl,
    description: full.description,
    host: { username: full.host.username, pictureUrl: full.host.pictureUrl },
    goingCount: full.goingCount,
    capacity: full.capacity,
    isPrivate: full.isPrivate,
    isClosed: full.isClosed,
    isPast: Date.parse(full.startsAt) < Date.now(),
    url: full.url,
  };
}

/** GET /rooms/{id}/preview (no token needed). Before the rooms' own GET /rooms/{id}. */
export function previewHandlers(store: RoomsStore) {
  return [
    mockRoute(roomEndpoints.preview, async ({ params }) => {
      await mockDelay();
      const room = store.findRoom(params.id);
      return room ? ok(toPreview(store, room)) : fail(404, 'NOT_FOUND', 'Room not found.');
    }),
  ];
}
