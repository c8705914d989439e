import { mockPlanFields } from './plan-fields';
import type { PathParams } from 'msw';
import type { Invite, Room, TokenClaims, User } from '@outing/contract';
import { fail } from '../envelope';
import { signedIn } from '../request';
import { mockRoomDate, type MockInvite, type MockRoom, type RoomsMockSeed } from './seed';

// The state behind the rooms mock handlers (mocks.ts): one store per handler set, so tests start afresh; and
// the resolvers the handlers are written with.

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
export const DAY = /^\d{4}-\d{2}-\d{2}$/;
export const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

export const str = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
export const userIds = (value: unknown) =>
  Array.isArray(value) ? [...new Set(value.map(Number).filter((n) => Number.isInteger(n) && n > 0))] : [];

/** Dates may not lie before yesterday (the server's rule, docs/api/README.md#rooms). */
export function tooEarly(day: string) {
  return `${day}T00:00:00.000Z` < mockRoomDate(-1);
}

type Answer<T> = (call: T) => Response | Promise<Response>;

/** The path of the calls on one room: /rooms/{id}… */
export type RoomPath = { id: string };

interface State {
  people: User[];
  friendIds: Set<number>;
  rooms: MockRoom[];
  invites: MockInvite[];
  consolidated: Set<string>;
  unconsolidatedBills: Set<string>;
  nextInviteId: number;
  /** Uploaded pictures (POST /pictures) by id: their bytes, served back as they came, and who uploaded them. */
  pictures: Map<string, MockPicture>;
}

export interface MockPicture {
  bytes: ArrayBuffer;
  type: string;
  uploaderId: number;
}

/** The URL a room answers for an uploaded picture (contract shapes.ts `pictureUrl`). */
export const mockPictureUrl = (id: string) => `/v1/pictures/${id}.webp`;

/** The rooms mock's state and the questions the handlers ask of it. */
export function createRoomsStore(seed: RoomsMockSeed) {
  const state: State = {
    people: [...seed.people],
    friendIds: new Set(seed.friendIds),
    rooms: seed.rooms.map((room) => ({ ...room, members: [...room.members] })),
    invites: seed.invites.map((invite) => ({ ...invite })),
    consolidated: new Set(seed.consolidated),
    unconsolidatedBills: new Set(seed.unconsolidatedBills),
    nextInviteId: 1000,
    pictures: new Map(),
  };
  const venues = [...seed.venues];
  // Created and updated rooms carry real timestamps; seeded ones are relative to now.
  const stamps = new Map<string, { createdAt: string; updatedAt: string; date: string }>();

  const meOf = (claims: TokenClaims): User => ({
    id: claims.user_id,
    username: claims.username,
    email: claims.user_email,
    pictureUrl: claims.picture_url,
  });
  const userById = (id: number, me: User): User => {
    if (id === me.id) return me;
    const found = state.people.find((p) => p.id === id) ?? {
      id,
      username: `user${id}`,
      email: '',
      pictureUrl: '',
    };
    return state.friendIds.has(id)
      ? { ...found, email: found.email || `${found.username}@example.com` }
      : found;
  };
  const touch = (room: MockRoom) => {
    const s = stamps.get(room.id);
    stamps.set(room.id, {
      createdAt: s?.createdAt ?? minutesAgo(room.updatedMinutesAgo + 60 * 24),
      updatedAt: new Date().toISOString(),
      date: s?.date ?? mockRoomDate(room.inDays),
    });
  };
  const toRoom = (room: MockRoom, me: User): Room => {
    const s = stamps.get(room.id);
    const date = s?.date ?? mockRoomDate(room.inDays);
    return {
      ...mockPlanFields(date, room.time, room.members.length, room.members.includes(me.id)),
      capacity: room.capacity ?? null,
      timeZone: room.timeZone ?? 'UTC',
      pictureUrl: room.pictureId ? mockPictureUrl(room.pictureId) : null,
      id: room.id,
      name: room.name,
      time: room.time,
      venue: room.venue,
      venuePlaceId: room.venuePlaceId,
      venueUrl: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(room.venue)}`,
      imageUrl: `/imgs/${room.image}.png`,
      date: s?.date ?? mockRoomDate(room.inDays),
      description: room.description,
      attendeesCount: room.members.length,
      hostId: room.hostId,
      host: userById(room.hostId, me),
      createdAt: s?.createdAt ?? minutesAgo(room.updatedMinutesAgo + 60 * 24),
      updatedAt: s?.updatedAt ?? minutesAgo(room.updatedMinutesAgo),
      isClosed: room.isClosed ?? false,
      isPrivate: room.isPrivate,
      url: `${window.location.origin}/room/${room.id}`,
      currency: room.currency ?? 'USD',
    };
  };
  const toInvite = (invite: MockInvite, room: MockRoom, me: User): Invite => ({
    id: invite.id,
    roomId: invite.roomId,
    room: toRoom(room, me),
    inviterId: invite.inviterId,
    status: invite.status,
    createdAt: minutesAgo(invite.createdMinutesAgo),
  });
  const updatedAt = (room: MockRoom) => stamps.get(room.id)?.updatedAt ?? minutesAgo(room.updatedMinutesAgo);
  const findRoom = (id: string) =>
    UUID_V4.test(id) ? state.rooms.find((r) => r.id === id.toLowerCase()) : undefined;
  const isMember = (room: MockRoom, userId: number) => room.members.includes(userId);
  const pendingInvite = (roomId: string, userId: number) =>
    state.invites.find((i) => i.roomId === roomId && i.userId === userId && i.status === 'pending');
  const myOpenRooms = (me: User) =>
    state.rooms
      .filter((r) => !r.isClosed && isMember(r, me.id))
      .sort((a, b) => updatedAt(b).localeCompare(updatedAt(a)));
  const myPendingInvites = (me: User) =>
    state.invites.filter(
      (i) =>
        i.userId === me.id && i.status === 'pending' && !state.rooms.find((r) => r.id === i.roomId)?.isClosed,
    );
  const attendeesOf = (room: MockRoom, me: User) => {
    const others = room.members
      .filter((id) => id !== room.hostId)
      .map((id) => userById(id, me))
      .sort((a, b) => a.username.localeCompare(b.username));
    return [userById(room.hostId, me), ...others];
  };
  const joined = (room: MockRoom, me: User) => ({ room: toRoom(room, me), attendees: attendeesOf(room, me) });
  const join = (room: MockRoom, me: User) => {
    room.members.push(me.id);
    const invite = pendingInvite(room.id, me.id);
    if (invite) invite.status = 'accepted';
    touch(room);
  };

  /** Unknown people (404) or people who are not my friends (400) among the invitees, else null. */
  const inviteesProblem = (invitees: number[]): Response | null => {
    if (invitees.some((id) => !state.people.some((p) => p.id === id))) {
      return fail(404, 'NOT_FOUND', 'User not found, please try again later.');
    }
    if (invitees.some((id) => !state.friendIds.has(id))) {
      return fail(400, 'VALIDATION', 'You can only invite your friends.');
    }
    return null;
  };
  /** Pending invites from me to each of `userIds` into `room`. */
  const invite = (room: MockRoom, me: User, userIds: number[]): Invite[] =>
    userIds.map((userId) => {
      const created: MockInvite = {
        id: state.nextInviteId++,
        roomId: room.id,
        userId,
        inviterId: me.id,
        status: 'pending',
        createdMinutesAgo: 0,
      };
      state.invites.push(created);
      return toInvite(created, room, me);
    });

  /** The resolver of a call by a signed-in user ("me"), else 401. */
  const asMe = <P extends PathParams = PathParams>(
    answer: Answer<{ me: User; request: Request; params: P }>,
  ) => signedIn<P>(({ request, params, claims }) => answer({ me: meOf(claims), request, params }));
  /** The resolver of a call on the room /rooms/{id}…: signed in (else 401) and the room exists (else 404). */
  const inRoom = (
    answer: Answer<{ me: User; room: MockRoom; request: Request }>,
    missing = 'Room not found.',
  ) =>
    asMe<RoomPath>(({ me, request, params }) => {
      const room = findRoom(params.id);
      return room ? answer({ me, room, request }) : fail(404, 'NOT_FOUND', missing);
    });
  const notMember = () => fail(403, 'NOT_MEMBER', 'You are not a member of this room.');

  return {
    state,
    venues,
    stamps,
    userById,
    touch,
    toRoom,
    toInvite,
    findRoom,
    isMember,
    pendingInvite,
    myOpenRooms,
    myPendingInvites,
    attendeesOf,
    joined,
    join,
    inviteesProblem,
    invite,
    asMe,
    inRoom,
    notMember,
  };
}

export type RoomsStore = ReturnType<typeof createRoomsStore>;
