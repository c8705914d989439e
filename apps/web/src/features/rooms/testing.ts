import type { DatePoll, DateVote, Guest, Invite, RsvpStatus, User } from '@outing/contract';
import { server } from '@/test/server';
import { testClaims } from '@/test/tokens';
import { todayInputValue } from '@/entities/room/dates';
import { mockPeople, mockStrangers, minutesAgo } from '@/mocks/demo';
import { createRoomsHandlers, demoRoomsWorld, mockRoom, mockRoomDate } from '@/mocks/rooms/handlers';
import type { MockRoomEntry, RoomsWorld } from '@/mocks/rooms/world';

// Test helpers of the rooms: a test describes its rooms in a few fields (members by id, answers, invites, a poll) and
// `serveRooms` serves them in the contract's shapes, as read by the test user (ada, id 7), through the rooms mock's
// handlers. Counts are those of the description; no server rule (capacity, the waitlist) is applied.

export type MemberRsvp = 'going' | 'maybe' | 'declined' | 'waitlisted';

export interface MockRoom {
  id: string;
  name: string;
  /** Days from today (negative: in the past). */
  inDays: number;
  time: string;
  venue: string;
  venuePlaceId: string;
  image: 'birthday' | 'gathering' | 'party' | 'sports' | 'travel' | 'pets';
  description: string;
  hostId: number;
  /** Member ids, the host included. */
  members: number[];
  isPrivate: boolean;
  isClosed?: boolean;
  currency?: string;
  capacity?: number | null;
  timeZone?: string;
  pictureId?: string | null;
  /** Minutes ago it was last updated (orders "my rooms"). */
  updatedMinutesAgo: number;
  /** Members' answers; a member missing here is going. */
  rsvps?: Record<number, MemberRsvp>;
  /** When each member answered, in µs (orders the guest list); missing: the start of time. */
  rsvpAt?: Record<number, number>;
  /** Date / venue to be decided (docs/api/README.md#date-and-venue-tbd); `inDays`, `time`, `venue` are then placeholders. */
  dateTbd?: boolean;
  venueTbd?: boolean;
  /** The open date poll's options (`date` as YYYY-MM-DD), or none. */
  poll?: { id: number; date: string; time: string; votes: Record<number, DateVote> }[] | null;
}

export interface MockInvite {
  id: number;
  roomId: string;
  userId: number;
  inviterId: number;
  status: 'pending' | 'accepted' | 'declined';
  createdMinutesAgo: number;
  nudgedAt?: string | null;
}

export interface RoomsMockSeed {
  /** People the rooms mention besides the demo's. */
  people?: User[];
  rooms: MockRoom[];
  invites: MockInvite[];
  consolidated?: string[];
}

const ME: User = {
  id: testClaims.user_id,
  username: testClaims.username,
  email: testClaims.user_email,
  pictureUrl: testClaims.picture_url,
};
const FRIENDS = Object.values(mockPeople);
const RSVP_ORDER: Record<MemberRsvp, number> = { going: 0, maybe: 1, waitlisted: 2, declined: 3 };

/** The described rooms as the rooms mock's world, read by the test user. */
export function roomsWorld(seed: RoomsMockSeed): RoomsWorld {
  const known = [...FRIENDS, ...Object.values(mockStrangers), ...(seed.people ?? [])];
  const person = (id: number): User =>
    id === ME.id
      ? ME
      : (known.find((p) => p.id === id) ?? { id, username: `user${id}`, email: '', pictureUrl: '' });
  const pending = (r: MockRoom) => seed.invites.filter((i) => i.roomId === r.id && i.status === 'pending');
  const entry = (r: MockRoom): MockRoomEntry => {
    const rsvp = (id: number): MemberRsvp => r.rsvps?.[id] ?? 'going';
    const count = (answer: MemberRsvp) => r.members.filter((id) => rsvp(id) === answer).length;
    const member = r.members.includes(ME.id);
    const others = r.members.filter((id) => id !== r.hostId).map(person);
    const attendees = [person(r.hostId), ...others.sort((a, b) => a.username.localeCompare(b.username))];
    const at = (id: number) => r.rsvpAt?.[id] ?? 0;
    const members: Guest[] = attendees
      .map((user, index) => ({ user, index, answer: rsvp(user.id) }))
      .sort(
        (a, b) =>
          RSVP_ORDER[a.answer] - RSVP_ORDER[b.answer] || at(a.user.id) - at(b.user.id) || a.index - b.index,
      )
      .map(({ user, answer }) => ({
        user,
        rsvp: answer as RsvpStatus,
        isMember: true,
        answeredAt: r.rsvpAt?.[user.id] ? new Date(at(user.id) / 1000).toISOString() : null,
        nudgedAt: null,
      }));
    const invitees = (status: 'pending' | 'declined'): Guest[] =>
      seed.invites
        .filter((i) => i.roomId === r.id && i.status === status && !r.members.includes(i.userId))
        .map((i) => ({
          user: person(i.userId),
          rsvp: status === 'pending' ? 'invited' : 'declined',
          isMember: false,
          answeredAt: null,
          nudgedAt: i.nudgedAt ?? null,
        }));
    const room = mockRoom({
      id: r.id,
      name: r.name,
      date: mockRoomDate(r.inDays),
      time: r.time,
      timeZone: r.timeZone ?? 'UTC',
      venue: r.venue,
      venuePlaceId: r.venuePlaceId,
      imageUrl: `/imgs/${r.image}.png`,
      pictureUrl: r.pictureId ? `/v1/pictures/${r.pictureId}.webp` : null,
      description: r.description,
      host: person(r.hostId),
      hostId: r.hostId,
      attendeesCount: r.members.length,
      capacity: r.capacity ?? null,
      goingCount: count('going'),
      maybeCount: count('maybe'),
      waitlistCount: count('waitlisted'),
      invitedCount: pending(r).length,
      myRsvp: member ? rsvp(ME.id) : pending(r).some((i) => i.userId === ME.id) ? 'invited' : null,
      isPrivate: r.isPrivate,
      isClosed: r.isClosed ?? false,
      currency: r.currency ?? 'USD',
      createdAt: minutesAgo(r.updatedMinutesAgo + 60 * 24),
      updatedAt: minutesAgo(r.updatedMinutesAgo),
      dateTbd: r.dateTbd ?? false,
      venueTbd: r.venueTbd ?? false,
      ...(r.venueTbd ? { venueUrl: '' } : {}),
    });
    const uninvited = FRIENDS.filter(
      (f) => !r.members.includes(f.id) && !pending(r).some((i) => i.userId === f.id),
    );
    return {
      room,
      attendees,
      guests: [...members, ...invitees('pending'), ...invitees('declined')],
      poll: pollOf(r, ME),
      uninvited: uninvited.sort((a, b) => a.username.localeCompare(b.username)),
    };
  };
  const rooms = seed.rooms.map(entry);
  const invites = toInvites(seed.invites, rooms);
  return { ...demoRoomsWorld(), rooms, invites, consolidated: seed.consolidated ?? [] };
}

/** My pending invitations among `invites`, to rooms of `rooms`, newest first. */
function toInvites(invites: MockInvite[], rooms: MockRoomEntry[]): Invite[] {
  return invites
    .filter((i) => i.userId === ME.id && i.status === 'pending')
    .sort((a, b) => a.createdMinutesAgo - b.createdMinutesAgo)
    .flatMap((i) => {
      const found = rooms.find((e) => e.room.id === i.roomId);
      if (!found) return [];
      const { id, roomId, inviterId, status } = i;
      return [
        { id, roomId, room: found.room, inviterId, status, createdAt: minutesAgo(i.createdMinutesAgo) },
      ];
    });
}

function pollOf(r: MockRoom, me: User): DatePoll | null {
  if (!r.poll?.length) return null;
  const options = [...r.poll].sort((a, b) => `${a.date}T${a.time}`.localeCompare(`${b.date}T${b.time}`));
  return {
    roomId: r.id,
    options: options.map((o) => {
      const votes = Object.entries(o.votes).map(([userId, vote]) => ({ userId: Number(userId), vote }));
      const tally = (vote: DateVote) => votes.filter((v) => v.vote === vote).length;
      return {
        id: o.id,
        date: `${o.date}T00:00:00.000Z`,
        time: o.time,
        startsAt: `${o.date}T${o.time}:00.000Z`,
        yes: tally('yes'),
        maybe: tally('maybe'),
        no: tally('no'),
        myVote: o.votes[me.id] ?? null,
        votes,
      };
    }),
  };
}

/**
 * Serves the described rooms (the demo world's when `rooms` is left out; its invitations too when both are). Returns
 * the world served.
 */
export function serveRooms(seed: Partial<RoomsMockSeed> = {}): RoomsWorld {
  const world = seed.rooms ? roomsWorld({ invites: [], ...seed, rooms: seed.rooms }) : demoRoomsWorld();
  if (!seed.rooms && seed.invites) world.invites = toInvites(seed.invites, world.rooms);
  server.use(...createRoomsHandlers(world));
  return world;
}

/** A room of the described shape, overridable. */
export function seedRoom(overrides: Partial<MockRoom> = {}): MockRoom {
  return {
    id: '11111111-2222-4333-8444-555555555555',
    name: 'Picnic in the Park',
    inDays: 5,
    time: '12:30',
    venue: 'Hyde Park',
    venuePlaceId: 'mock:hyde-park',
    image: 'gathering',
    description: 'Bring a blanket.',
    hostId: 7,
    members: [7, 11],
    isPrivate: false,
    updatedMinutesAgo: 10,
    ...overrides,
  };
}

/** The date input's value `days` from today (negative: in the past). */
export function dayFromToday(days: number): string {
  const now = new Date();
  return todayInputValue(new Date(now.getFullYear(), now.getMonth(), now.getDate() + days));
}
