import type { DatePoll, DateVote, Guest, Room, RsvpStatus, User } from '@outing/contract';
import type { MockInvite, MockRoom } from '../rooms/seed';
import type { RoomsStore } from '../rooms/store';

// The plan of a mock room (docs/api/README.md#plans) kept on the room and invite objects of the rooms mock's store, as
// optional fields its seed may set: so a test seeds a full room or a waitlist with `seedRoom({...})`, and the rooms
// mock needs no change to carry them.

export type MemberRsvp = 'going' | 'maybe' | 'declined' | 'waitlisted';

export interface MockPollOption {
  id: number;
  /** `YYYY-MM-DD` */
  date: string;
  time: string;
  votes: Record<number, DateVote>;
}

export interface PlanFields {
  /** Places for going members; null or missing: no limit. */
  capacity?: number | null;
  /** Members' answers; a member missing here is going. */
  rsvps?: Record<number, MemberRsvp>;
  /** When each member answered (orders the waitlist); missing: the start of time. */
  rsvpAt?: Record<number, number>;
  /** The open date poll's options, or none. */
  poll?: MockPollOption[] | null;
}

export type PlanRoom = MockRoom & PlanFields;
export type PlanInvite = MockInvite & { nudgedAt?: string | null };

let clock = 1;
/** A growing stamp: later answers wait behind earlier ones. */
export const nextStamp = () => Date.now() * 1000 + clock++;

export const planOf = (room: MockRoom) => room as PlanRoom;

export function rsvpOf(room: MockRoom, userId: number): MemberRsvp {
  return planOf(room).rsvps?.[userId] ?? 'going';
}

const countOf = (room: MockRoom, rsvp: MemberRsvp) =>
  room.members.filter((id) => rsvpOf(room, id) === rsvp).length;

/** The waitlisted members, first come first served. */
export function waitlistOf(room: MockRoom): number[] {
  const at = planOf(room).rsvpAt ?? {};
  return room.members
    .filter((id) => rsvpOf(room, id) === 'waitlisted')
    .sort((a, b) => (at[a] ?? 0) - (at[b] ?? 0) || a - b);
}

function record(room: MockRoom, userId: number, rsvp: MemberRsvp) {
  const plan = planOf(room);
  plan.rsvps = { ...plan.rsvps, [userId]: rsvp };
  plan.rsvpAt = { ...plan.rsvpAt, [userId]: nextStamp() };
}

/** Places opened up: the first waitlisted become going, as many as there is room for. */
export function promote(room: MockRoom): number[] {
  const capacity = planOf(room).capacity ?? null;
  const promoted: number[] = [];
  for (const id of waitlistOf(room)) {
    if (capacity !== null && countOf(room, 'going') >= capacity) break;
    record(room, id, 'going');
    promoted.push(id);
  }
  return promoted;
}

/** `going`, or `waitlisted` when the room is full (a member already going keeps their place). */
function goingOrWaitlisted(room: MockRoom, userId: number): MemberRsvp {
  const capacity = planOf(room).capacity ?? null;
  if (rsvpOf(room, userId) === 'going' && room.members.includes(userId)) return 'going';
  return capacity !== null && countOf(room, 'going') >= capacity ? 'waitlisted' : 'going';
}

/** A member's answer; a going member's change frees a place for the waitlist. */
export function answer(room: MockRoom, userId: number, wanted: 'going' | 'maybe' | 'declined'): MemberRsvp {
  const rsvp = wanted === 'going' ? goingOrWaitlisted(room, userId) : wanted;
  if (rsvp !== rsvpOf(room, userId) || !planOf(room).rsvps?.[userId]) record(room, userId, rsvp);
  promote(room);
  return rsvp;
}

/** Joining (or accepting an invite): a member going, or waitlisted when full. */
export function joinWithPlan(store: RoomsStore, room: MockRoom, me: User): MemberRsvp {
  const rsvp = goingOrWaitlisted(room, me.id);
  store.join(room, me);
  record(room, me.id, rsvp);
  return rsvp;
}

/** Leaving frees a place. */
export function leaveWithPlan(room: MockRoom, userId: number): void {
  room.members = room.members.filter((id) => id !== userId);
  const plan = planOf(room);
  if (plan.rsvps) delete plan.rsvps[userId];
  promote(room);
}

/** Its start (the day at `time`, read in UTC as the mock rooms' zone is UTC) lies in the past. */
export function isPastRoom(room: Room): boolean {
  return Date.parse(room.startsAt) <= Date.now();
}

/** The rooms mock's room with the plan's fields from this state. */
export function withPlan(store: RoomsStore, base: Room, room: MockRoom, me: User): Room {
  const member = room.members.includes(me.id);
  return {
    ...base,
    capacity: planOf(room).capacity ?? base.capacity ?? null,
    goingCount: countOf(room, 'going'),
    maybeCount: countOf(room, 'maybe'),
    waitlistCount: countOf(room, 'waitlisted'),
    invitedCount: store.state.invites.filter(
      (i) => i.roomId === room.id && i.status === 'pending' && !room.members.includes(i.userId),
    ).length,
    myRsvp: member ? rsvpOf(room, me.id) : store.pendingInvite(room.id, me.id) ? 'invited' : null,
  };
}

/** Members by answer (going, maybe, waitlisted in order, declined), then pending, then declined invitees. */
export function guestsOf(store: RoomsStore, room: MockRoom, me: User): Guest[] {
  const at = planOf(room).rsvpAt ?? {};
  const stamp = (id: number) => (at[id] ? new Date(at[id] / 1000).toISOString() : null);
  const order: Record<MemberRsvp, number> = { going: 0, maybe: 1, waitlisted: 2, declined: 3 };
  const members = store
    .attendeesOf(room, me)
    .map((user, index) => ({ user, index, rsvp: rsvpOf(room, user.id) }))
    .sort(
      (a, b) =>
        order[a.rsvp] - order[b.rsvp] ||
        (a.rsvp === 'waitlisted' ? (at[a.user.id] ?? 0) - (at[b.user.id] ?? 0) : a.index - b.index),
    )
    .map(({ user, rsvp }) => ({
      user,
      rsvp: rsvp as RsvpStatus,
      isMember: true,
      answeredAt: stamp(user.id),
      nudgedAt: null,
    }));
  const invites = store.state.invites.filter(
    (i) => i.roomId === room.id && i.status !== 'accepted' && !room.members.includes(i.userId),
  ) as PlanInvite[];
  const asGuest = (invite: PlanInvite): Guest => ({
    user: store.userById(invite.userId, me),
    rsvp: invite.status === 'pending' ? 'invited' : 'declined',
    isMember: false,
    answeredAt: null,
    nudgedAt: invite.nudgedAt ?? null,
  });
  return [
    ...members,
    ...invites.filter((i) => i.status === 'pending').map(asGuest),
    ...invites.filter((i) => i.status === 'declined').map(asGuest),
  ];
}

/** The open poll as the API answers it, or null. */
export function pollOf(room: MockRoom, me: User): DatePoll | null {
  const options = planOf(room).poll;
  if (!options || options.length === 0) return null;
  return {
    roomId: room.id,
    options: [...options]
      .sort((a, b) => `${a.date}T${a.time}`.localeCompare(`${b.date}T${b.time}`))
      .map((option) => {
        const votes = Object.entries(option.votes).map(([userId, vote]) => ({
          userId: Number(userId),
          vote,
        }));
        const count = (vote: DateVote) => votes.filter((v) => v.vote === vote).length;
        return {
          id: option.id,
          date: `${option.date}T00:00:00.000Z`,
          time: option.time,
          startsAt: `${option.date}T${option.time}:00.000Z`,
          yes: count('yes'),
          maybe: count('maybe'),
          no: count('no'),
          myVote: option.votes[me.id] ?? null,
          votes,
        };
      }),
  };
}
