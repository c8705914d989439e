import type { DatePoll, DateVote, Issue, Room } from '@outing/contract';
import type { Db } from '../../db/pool.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { dayLabel } from '../../lib/room-time.js';
import type { AppEvents } from '../../lib/events.js';
import { deliver, storeNotifications, type Pending } from '../notifications/service.js';
import { getRoom } from '../rooms/service.js';
import {
  deleteOptions,
  insertOptions,
  lockOption,
  recipients,
  selectOptions,
  selectPollRoom,
  setRoomDate,
  upsertVote,
  type PollRoom,
  type Tx,
} from './queries.js';

export type PollsContext = { db: Db; events: AppEvents; publicUrl: string; defaultCurrency: string };
type Me = { id: number; username: string };

const roomPath = (roomId: string) => `/room/${roomId}`;

/**
 * 404 for no room, 403 for a caller who is not a member (or not the host, when `host`; `reader`: a member or a pending
 * invitee), 409 once closed.
 */
function check(
  room: PollRoom | undefined,
  me: Me,
  need: 'reader' | 'member' | 'host',
  closedToo = false,
): PollRoom {
  if (!room) throw notFound('Room not found.', 'ROOM_NOT_FOUND');
  if (need === 'host' && room.hostId !== me.id)
    throw forbidden('Only the host can plan the date.', 'NOT_HOST', 'NOT_HOST');
  if (!room.isMember && !(need === 'reader' && room.isInvitee))
    throw forbidden('You are not a member of this room.', 'NOT_MEMBER', 'NOT_MEMBER');
  if (!closedToo && room.isClosed) throw conflict('This room is closed.', 'ROOM_CLOSED');
  return room;
}

/** Yesterday (UTC) and later, as for a room's own date: every time zone can still propose its today. */
const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

/** Each option's date not in the past, and no date and time proposed twice: one 400 naming every bad option. */
function checkOptions(options: { date: string; time: string }[]) {
  const issues: Issue[] = [];
  const seen = new Set<string>();
  const oldest = yesterday();
  options.forEach((o, i) => {
    if (o.date < oldest) issues.push({ path: `options.${i}.date`, message: 'Date must be in the future' });
    const key = `${o.date} ${o.time}`;
    if (seen.has(key))
      issues.push({ path: `options.${i}`, message: 'This date and time is already proposed' });
    seen.add(key);
  });
  if (issues.length > 0) throw badRequest(issues[0]!.message, issues);
}

/** "Sun 7 Dec 18:00": the room's wall-clock date and time, which are already in the room's zone. */
export function formatWhen(date: string, time: string): string {
  return `${dayLabel(date)} ${time}`;
}

async function poll(db: Db | Tx, roomId: string, viewerId: number): Promise<DatePoll | null> {
  const options = await selectOptions(db, roomId, viewerId);
  return options.length > 0 ? { roomId, options } : null;
}

/**
 * `GET /rooms/{id}/date-poll` (members, and pending invitees before they answer): the open poll with each voter's
 * vote, or null.
 */
export async function getPoll(ctx: PollsContext, me: Me, roomId: string): Promise<DatePoll | null> {
  check(await selectPollRoom(ctx.db, roomId, me.id), me, 'reader', true);
  return poll(ctx.db, roomId, me.id);
}

/**
 * `POST /rooms/{id}/date-poll` (host): proposes 2–5 dates, replacing an open poll and its votes. Members are told
 * that there is something to vote on.
 */
export async function startPoll(
  ctx: PollsContext,
  me: Me,
  roomId: string,
  options: { date: string; time: string }[],
): Promise<DatePoll> {
  let pending: Pending[] = [];
  const result = await ctx.db.transaction(async (tx) => {
    const room = check(await selectPollRoom(tx, roomId, me.id, true), me, 'host');
    checkOptions(options);
    await deleteOptions(tx, roomId);
    await insertOptions(tx, roomId, options);
    const to = await recipients(tx, roomId, me.id, false);
    pending = await storeNotifications(
      tx,
      to.map((userId) => ({
        userId,
        kind: 'date_poll' as const,
        title: 'Pick a date',
        content: `${me.username} proposed dates for ${room.name}: vote for the ones that suit you.`,
        url: roomPath(roomId),
        roomId,
        actorId: me.id,
        params: { username: me.username, roomName: room.name },
      })),
    );
    return (await poll(tx, roomId, me.id))!;
  });
  deliver(ctx.events, pending);
  ctx.events.emitRoomUpdated(roomId);
  return result;
}

/** `PUT /rooms/{id}/date-poll/{optionId}` (members): the caller's vote on one option; a second vote replaces it. */
export async function vote(
  ctx: PollsContext,
  me: Me,
  roomId: string,
  optionId: number,
  answer: DateVote,
): Promise<DatePoll | null> {
  const result = await ctx.db.transaction(async (tx) => {
    check(await selectPollRoom(tx, roomId, me.id), me, 'member');
    if (!(await lockOption(tx, roomId, optionId)))
      throw notFound('This date is not proposed in this room (any more).', 'DATE_NOT_PROPOSED');
    await upsertVote(tx, optionId, me.id, answer);
    return poll(tx, roomId, me.id);
  });
  ctx.events.emitRoomUpdated(roomId);
  return result;
}

/**
 * `POST /rooms/{id}/date-poll/{optionId}/fix` (host): the room takes the option's date and time (its start instant
 * and calendar SEQUENCE follow, by the rooms trigger), the poll ends, and every member and pending invitee but the
 * host is told the date.
 */
export async function fixDate(ctx: PollsContext, me: Me, roomId: string, optionId: number): Promise<Room> {
  const pending = await ctx.db.transaction(async (tx) => {
    const room = check(await selectPollRoom(tx, roomId, me.id, true), me, 'host');
    const option = await lockOption(tx, roomId, optionId);
    if (!option) throw notFound('This date is not proposed in this room (any more).', 'DATE_NOT_PROPOSED');
    if (option.date < yesterday()) throw conflict('This date has passed. Propose new dates.', 'DATE_PASSED');
    await setRoomDate(tx, roomId, option.date, option.time);
    await deleteOptions(tx, roomId);
    const to = await recipients(tx, roomId, me.id, true);
    return storeNotifications(
      tx,
      to.map((userId) => ({
        userId,
        kind: 'date_set' as const,
        title: 'Date set',
        content: `${room.name}: the date is set — ${formatWhen(option.date, option.time)}.`,
        url: roomPath(roomId),
        roomId,
        actorId: me.id,
        params: { roomName: room.name, date: option.date, time: option.time, timeZone: room.timeZone },
      })),
    );
  });
  deliver(ctx.events, pending);
  ctx.events.emitRoomUpdated(roomId);
  return getRoom(ctx, me, roomId);
}

/** `DELETE /rooms/{id}/date-poll` (host): ends the poll without a date; nothing to end is fine too. */
export async function cancelPoll(ctx: PollsContext, me: Me, roomId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    check(await selectPollRoom(tx, roomId, me.id, true), me, 'host');
    await deleteOptions(tx, roomId);
  });
  ctx.events.emitRoomUpdated(roomId);
}
