import type {
  DatePoll,
  DateVote,
  Guest,
  Invite,
  Room,
  RoomPreview,
  RsvpStatus,
  TokenClaims,
  User,
} from '@outing/contract';
import { mockPlanFields } from './plan-fields';
import { mockRoomDate, type MemberRsvp, type MockInvite, type MockRoom, type RoomsMockSeed } from './seed';

// The rooms mock's answers, read off its seed as it was written (decision 022): nothing here changes the seed, and no
// rule of the server's (capacity, the waitlist, who may do what) is decided here.

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** The URL a room answers for an uploaded picture (contract shapes.ts `pictureUrl`). */
export const mockPictureUrl = (id: string) => `/v1/pictures/${id}.webp`;

export const meOf = (claims: TokenClaims): User => ({
  id: claims.user_id,
  username: claims.username,
  email: claims.user_email,
  pictureUrl: claims.picture_url,
});

/** What the handlers read of one seed, for the signed-in user `me`. */
export function roomsView(seed: RoomsMockSeed) {
  const person = (id: number, me: User): User => {
    if (id === me.id) return me;
    const found = seed.people.find((p) => p.id === id) ?? {
      id,
      username: `user${id}`,
      email: '',
      pictureUrl: '',
    };
    const friend = seed.friendIds.includes(id);
    return friend ? { ...found, email: found.email || `${found.username}@example.com` } : found;
  };
  const rsvpOf = (room: MockRoom, userId: number): MemberRsvp => room.rsvps?.[userId] ?? 'going';
  const count = (room: MockRoom, rsvp: MemberRsvp) =>
    room.members.filter((id) => rsvpOf(room, id) === rsvp).length;
  const isMember = (room: MockRoom, userId: number) => room.members.includes(userId);
  const pendingInvite = (roomId: string, userId: number) =>
    seed.invites.find((i) => i.roomId === roomId && i.userId === userId && i.status === 'pending');
  const find = (id: string) =>
    UUID_V4.test(id) ? seed.rooms.find((r) => r.id === id.toLowerCase()) : undefined;

  const toRoom = (room: MockRoom, me: User): Room => {
    const date = mockRoomDate(room.inDays);
    const member = isMember(room, me.id);
    return {
      ...mockPlanFields(date, room.time, room.members.length, member),
      capacity: room.capacity ?? null,
      timeZone: room.timeZone ?? 'UTC',
      pictureUrl: room.pictureId ? mockPictureUrl(room.pictureId) : null,
      goingCount: count(room, 'going'),
      maybeCount: count(room, 'maybe'),
      waitlistCount: count(room, 'waitlisted'),
      invitedCount: seed.invites.filter((i) => i.roomId === room.id && i.status === 'pending').length,
      myRsvp: member ? rsvpOf(room, me.id) : pendingInvite(room.id, me.id) ? 'invited' : null,
      id: room.id,
      name: room.name,
      time: room.time,
      venue: room.venue,
      venuePlaceId: room.venuePlaceId,
      venueUrl: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(room.venue)}`,
      imageUrl: `/imgs/${room.image}.png`,
      date,
      description: room.description,
      attendeesCount: room.members.length,
      hostId: room.hostId,
      host: person(room.hostId, me),
      createdAt: minutesAgo(room.updatedMinutesAgo + 60 * 24),
      updatedAt: minutesAgo(room.updatedMinutesAgo),
      isClosed: room.isClosed ?? false,
      isPrivate: room.isPrivate,
      url: `${window.location.origin}/room/${room.id}`,
      currency: room.currency ?? 'USD',
    };
  };

  /** The host first, then the others by name. */
  const attendees = (room: MockRoom, me: User) => [
    person(room.hostId, me),
    ...room.members
      .filter((id) => id !== room.hostId)
      .map((id) => person(id, me))
      .sort((a, b) => a.username.localeCompare(b.username)),
  ];

  const toInvite = (invite: MockInvite, me: User): Invite => ({
    id: invite.id,
    roomId: invite.roomId,
    room: toRoom(find(invite.roomId)!, me),
    inviterId: invite.inviterId,
    status: invite.status,
    createdAt: minutesAgo(invite.createdMinutesAgo),
  });

  /** Members in the seed's order of answers (going, maybe, waitlisted, declined), then invitees. */
  const guests = (room: MockRoom, me: User): Guest[] => {
    const order: Record<MemberRsvp, number> = { going: 0, maybe: 1, waitlisted: 2, declined: 3 };
    const at = (id: number) => room.rsvpAt?.[id] ?? 0;
    const members = attendees(room, me)
      .map((user, index) => ({ user, index, rsvp: rsvpOf(room, user.id) }))
      .sort((a, b) => order[a.rsvp] - order[b.rsvp] || at(a.user.id) - at(b.user.id) || a.index - b.index)
      .map(({ user, rsvp }) => ({
        user,
        rsvp: rsvp as RsvpStatus,
        isMember: true,
        answeredAt: room.rsvpAt?.[user.id] ? new Date(at(user.id) / 1000).toISOString() : null,
        nudgedAt: null,
      }));
    const invited = (status: 'pending' | 'declined') =>
      seed.invites
        .filter((i) => i.roomId === room.id && i.status === status && !isMember(room, i.userId))
        .map((i) => ({
          user: person(i.userId, me),
          rsvp: (status === 'pending' ? 'invited' : 'declined') as RsvpStatus,
          isMember: false,
          answeredAt: null,
          nudgedAt: i.nudgedAt ?? null,
        }));
    return [...members, ...invited('pending'), ...invited('declined')];
  };

  const poll = (room: MockRoom, me: User): DatePoll | null => {
    if (!room.poll?.length) return null;
    const options = [...room.poll].sort((a, b) => `${a.date}T${a.time}`.localeCompare(`${b.date}T${b.time}`));
    return {
      roomId: room.id,
      options: options.map((option) => {
        const votes = Object.entries(option.votes).map(([userId, vote]) => ({
          userId: Number(userId),
          vote,
        }));
        const tally = (vote: DateVote) => votes.filter((v) => v.vote === vote).length;
        return {
          id: option.id,
          date: `${option.date}T00:00:00.000Z`,
          time: option.time,
          startsAt: `${option.date}T${option.time}:00.000Z`,
          yes: tally('yes'),
          maybe: tally('maybe'),
          no: tally('no'),
          myVote: option.votes[me.id] ?? null,
          votes,
        };
      }),
    };
  };

  /** Nobody signed in: the preview names no one but the host. */
  const preview = (room: MockRoom): RoomPreview => {
    const full = toRoom(room, { id: -1, username: '', email: '', pictureUrl: '' });
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
  };

  return { seed, person, find, isMember, pendingInvite, toRoom, toInvite, attendees, guests, poll, preview };
}

export type RoomsView = ReturnType<typeof roomsView>;
