import type { Db } from '../../db/pool.js';
import type { AppEvents } from '../../lib/events.js';
import { dayLabel } from '../../lib/room-time.js';
import { deliver, storeNotifications, type Pending } from '../notifications/service.js';
import {
  claimDelivery,
  lockReminderRoom,
  reminderRecipients,
  type ReminderKind,
  type ReminderRoom,
} from './queries.js';

/** What the trigger of migration 0008 puts in a `room-reminder` job. */
export type ReminderPayload = { roomId: string; kind: ReminderKind; startsAt: string };

export function isReminderPayload(p: unknown): p is ReminderPayload {
  if (typeof p !== 'object' || p === null) return false;
  const { roomId, kind, startsAt } = p as Record<string, unknown>;
  return (
    typeof roomId === 'string' &&
    (kind === 'day' || kind === 'hours') &&
    typeof startsAt === 'string' &&
    !Number.isNaN(Date.parse(startsAt))
  );
}

type Skipped = { skipped: 'gone' | 'closed' | 'tbd' | 'moved' | 'late' | 'already sent' };
export type ReminderOutcome = { sent: number } | Skipped;

const TWO_HOURS_S = 2 * 3600;

/**
 * Sends one planned reminder, at most once: the delivery row (room, kind, start) is claimed in the same transaction
 * as the notifications are stored, so a retried or doubled job finds it and sends nothing. The push and the socket
 * frame follow the commit. A job that runs late (the server was down at its moment) still goes out while it is of
 * use: the day-before one until two hours before the start (then the two-hour one takes over), the two-hour one
 * until the start.
 */
export async function sendReminder(
  db: Db,
  events: AppEvents,
  job: ReminderPayload,
): Promise<ReminderOutcome> {
  const result = await db.transaction(async (tx): Promise<Skipped | { pending: Pending[] }> => {
    const room = await lockReminderRoom(tx, job.roomId, job.startsAt);
    if (!room) return { skipped: 'gone' as const };
    if (room.is_closed) return { skipped: 'closed' as const };
    // Its jobs are removed when the date becomes to be decided (migration 0027); one already running finds this.
    if (room.date_tbd) return { skipped: 'tbd' as const };
    if (!room.same_start) return { skipped: 'moved' as const };
    const until = job.kind === 'day' ? TWO_HOURS_S : 0;
    if (room.seconds_left <= until) return { skipped: 'late' as const };
    if (!(await claimDelivery(tx, job.roomId, job.kind, job.startsAt)))
      return { skipped: 'already sent' as const };
    const recipients = await reminderRecipients(tx, job.roomId);
    const content = reminderText(job.kind, room);
    const pending = await storeNotifications(
      tx,
      recipients.map((userId) => ({
        userId,
        kind: 'reminder' as const,
        title: 'Reminder',
        content,
        url: `/room/${job.roomId}`,
        roomId: job.roomId,
        params: {
          roomName: room.name,
          startsAt: new Date(job.startsAt).toISOString(),
          venue: room.venue,
          timeZone: room.time_zone,
          reminder: job.kind,
        },
      })),
    );
    return { pending };
  });
  if ('skipped' in result) return result;
  deliver(events, result.pending);
  return { sent: result.pending.length };
}

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** When the room is, in the room's own time zone: its wall-clock time is what the host typed. */
function when(room: Omit<ReminderRoom, 'time_zone'>): string {
  if (room.date === room.local_today) return `today at ${room.time}`;
  if (room.date === addDays(room.local_today, 1)) return `tomorrow at ${room.time}`;
  return `on ${dayLabel(room.date)} at ${room.time}`;
}

/** "in 2 hours" for a reminder on time; honest for one that runs late. */
function startsIn(secondsLeft: number): string {
  const minutes = Math.max(1, Math.round(secondsLeft / 60));
  if (minutes >= 90) return `in ${Math.round(minutes / 60)} hours`;
  if (minutes >= 45) return 'in 1 hour';
  return minutes === 1 ? 'in 1 minute' : `in ${minutes} minutes`;
}

export function reminderText(kind: ReminderKind, room: Omit<ReminderRoom, 'time_zone'>): string {
  const at = room.venue.trim() ? ` at ${room.venue.trim()}` : '';
  return kind === 'day'
    ? `${room.name} is ${when(room)}${at}.`
    : `${room.name} starts ${startsIn(room.seconds_left)}${at}.`;
}
