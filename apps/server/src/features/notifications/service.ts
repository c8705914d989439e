import { notificationParamsSchema, type Notification, type SubjectState } from '@outing/contract';
import type { Db } from '../../db/pool.js';
import { isoTimestamp } from '../../db/timestamps.js';
import type { AppEvents } from '../../lib/events.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { withActorNames } from './actor-names.js';
import type { NewNotification, Subject } from './kinds.js';
import {
  countUnread,
  insertNotifications,
  markAllReadOf,
  markOneRead,
  markResolvedRead,
  selectNotifications,
  type MarkedRow,
  type NotificationRow,
  type Runner,
} from './queries.js';

export type { NewNotification, Subject } from './kinds.js';
export { getPreferences } from './preferences.js';

/**
 * What a transaction leaves to do after its commit: a stored notification to send (socket, and push when the
 * user's `push` switch allows), or notifications that became read (the user's other devices are told).
 */
export type Pending =
  { notification: Notification; url: string; push: boolean } | { read: { userId: number; ids: number[] } };

function toNotification(r: NotificationRow): Notification {
  // Only what the contract declares: a key written by a later version is left out rather than answered.
  const params = notificationParamsSchema.safeParse(r.params);
  return {
    id: r.id,
    userId: r.user_id,
    title: r.title,
    content: r.content,
    isRead: r.is_read,
    createdAt: isoTimestamp(r.created_at),
    kind: r.kind,
    url: r.url,
    roomId: r.room_id,
    requestId: r.friend_request_id,
    transactionId: r.transaction_ids.length === 1 ? r.transaction_ids[0]! : null,
    actorId: r.actor_id,
    params: params.success ? params.data : {},
    resolved: r.resolved,
    subjectState: r.subject_state as SubjectState | null,
  };
}

/**
 * The one way a notification is created: stored inside the caller's transaction when its user wants that group
 * (`notify` preferences; nothing is stored otherwise); `deliver` it after the commit so that it is sent on the
 * socket and pushed (when the `push` preference allows) only if it really exists.
 */
export async function storeNotifications(tx: Runner, items: NewNotification[]): Promise<Pending[]> {
  if (items.length === 0) return [];
  const rows = await insertNotifications(tx, await withActorNames(tx, items));
  return rows.map((row) => ({
    notification: toNotification(row),
    // The socket's and push's url; '/' (the home screen) when nothing better is known.
    url: row.url ?? '/',
    push: row.push,
  }));
}

/**
 * Marks read, in the caller's transaction, the unread notifications about `subject` that it resolves now (the same
 * rule as their `resolved` answer), and returns them for `deliver`.
 */
export async function readResolved(tx: Runner, subject: Subject): Promise<Pending[]> {
  const rows = await markResolvedRead(tx, subject);
  return readEvents(rows);
}

function readEvents(rows: MarkedRow[]): Pending[] {
  const byUser = new Map<number, number[]>();
  for (const r of rows) byUser.set(r.user_id, [...(byUser.get(r.user_id) ?? []), r.id]);
  return [...byUser].map(([userId, ids]) => ({ read: { userId, ids } }));
}

export function deliver(events: AppEvents, pending: Pending[]) {
  for (const p of pending) {
    if ('read' in p) events.emitNotificationsRead({ ...p.read, all: false });
    else events.emitNotification(p);
  }
}

/** Store and deliver at once, for callers with no transaction of their own. */
export async function notify(db: Db, events: AppEvents, items: NewNotification[]): Promise<Notification[]> {
  const pending = await storeNotifications(db, items);
  deliver(events, pending);
  return pending.flatMap((p) => ('notification' in p ? [p.notification] : []));
}

type Cursor = { us: string; id: number };
const encodeCursor = (c: Cursor) => Buffer.from(`${c.us}.${c.id}`).toString('base64url');
function decodeCursor(raw: string): Cursor {
  const m = /^(\d{1,19})\.(\d{1,10})$/.exec(Buffer.from(raw, 'base64url').toString('utf8'));
  if (!m || Number(m[2]) > 2_147_483_647)
    throw badRequest(
      'This page of notifications is out of date; start again from the first page.',
      [{ path: 'cursor', message: 'Not a cursor this server gave out' }],
      'STALE_CURSOR',
    );
  return { us: m[1]!, id: Number(m[2]) };
}

/**
 * `GET /notifications`: newest first. With `limit`, keyset pages (`cursor` from the page before; `nextCursor` null
 * on the last); without, the contract's offset pages (`page`, `pageSize`, all up to 100).
 */
export async function listNotifications(
  db: Db,
  userId: number,
  q: { page?: number; pageSize?: number; limit?: number; cursor?: string },
): Promise<{ notifications: Notification[]; nextCursor?: string | null }> {
  if (q.limit === undefined) {
    const pageSize = q.pageSize ?? 100;
    const rows = await selectNotifications(db, userId, {
      limit: pageSize,
      offset: ((q.page ?? 1) - 1) * pageSize,
    });
    return { notifications: rows.map(toNotification) };
  }
  const before = q.cursor ? decodeCursor(q.cursor) : undefined;
  const rows = await selectNotifications(db, userId, { limit: q.limit + 1, before });
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  return {
    notifications: page.map(toNotification),
    nextCursor: rows.length > q.limit && last ? encodeCursor({ us: last.created_us, id: last.id }) : null,
  };
}

/** Idempotent; another user's notification is a 404 (it reveals nothing). Other devices hear of a change. */
export async function markRead(
  db: Db,
  events: AppEvents,
  userId: number,
  notificationId: number,
): Promise<Notification> {
  const row = await markOneRead(db, userId, notificationId);
  if (!row) throw notFound('Notification not found.', 'NOTIFICATION_NOT_FOUND');
  if (!row.was_read) events.emitNotificationsRead({ userId, ids: [row.id], all: false });
  return toNotification(row);
}

/**
 * "Mark all as read"; with `roomId`, what opening that room's page reads: its notifications that only inform
 * (moved, date poll, date set, a place opened up, reminders). Requests, invites and debts stay until acted on.
 */
export async function markAllRead(
  db: Db,
  events: AppEvents,
  userId: number,
  roomId?: string,
): Promise<{ marked: number; unread: number }> {
  const rows = await markAllReadOf(db, userId, roomId);
  const unread = await countUnread(db, userId);
  if (rows.length > 0) events.emitNotificationsRead({ userId, ids: rows.map((r) => r.id), all: !roomId });
  return { marked: rows.length, unread };
}

export const unreadCount = countUnread;
