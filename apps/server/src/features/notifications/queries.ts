import { sql, type SQL } from 'drizzle-orm';
import type { NotificationKind } from '@outing/contract';
import type { Db } from '../../db/pool.js';
import { intArray } from '../../db/arrays.js';
import { executePrepared } from '../../db/prepared.js';
import {
  COLLAPSE_HOURS,
  COLLAPSED_KINDS,
  COLLAPSED_PER_ACTOR,
  ROOM_INFO_KINDS,
  type NewNotification,
  type Subject,
} from './kinds.js';
import {
  answerColumns,
  list,
  notifyAllowed,
  pushAllowed,
  stateJoin,
  subjectStateOf,
} from './queries-fragments.js';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Runner = Db | Tx;

/** A notification row as the answers are made from it. */
export type NotificationRow = {
  id: number;
  user_id: number;
  title: string;
  content: string;
  is_read: boolean;
  created_at: string;
  kind: NotificationKind;
  url: string | null;
  room_id: string | null;
  friend_request_id: number | null;
  transaction_ids: number[];
  actor_id: number | null;
  params: Record<string, unknown>;
  /** created_at in microseconds since the epoch (the keyset cursor: a Date would lose the microseconds) */
  created_us: string;
  subject_state: string | null;
  resolved: boolean;
};

const ints = intArray;

/**
 * Stores the notifications whose users want them (the `notify` switches, in the same statement), and answers them
 * with their subject's state and whether each may be pushed (the `push` switches). One of COLLAPSED_KINDS whose
 * person had one of the same kind about the same room (and of COLLAPSED_PER_ACTOR, the same actor) in the last
 * COLLAPSE_HOURS updates that row instead (the new text, unread again) and is answered with `push` false: it still reaches the person's open sockets.
 */
export async function insertNotifications(
  tx: Runner,
  items: NewNotification[],
): Promise<(NotificationRow & { push: boolean })[]> {
  const input = JSON.stringify(
    items.map((i, ord) => ({
      ord,
      user_id: i.userId,
      kind: i.kind,
      title: i.title,
      content: i.content,
      url: i.url,
      room_id: i.roomId ?? null,
      friend_request_id: i.friendRequestId ?? null,
      transaction_ids: i.transactionIds ?? [],
      actor_id: i.actorId ?? null,
      params: i.params ?? {},
    })),
  );
  const { rows } = await tx.execute<NotificationRow & { push: boolean }>(sql`
    WITH x AS (
      SELECT x.* FROM jsonb_to_recordset(${input}::jsonb) AS x(ord int, user_id int, kind text, title text,
             content text, url text, room_id uuid, friend_request_id int, transaction_ids int[], actor_id int,
             params jsonb)
      JOIN users u ON u.id = x.user_id
      WHERE ${notifyAllowed(sql`x.kind`, 'u')}),
    prev AS (
      SELECT DISTINCT ON (x.ord) x.ord, n.id
      FROM x JOIN notifications n ON n.user_id = x.user_id AND n.room_id = x.room_id AND n.kind = x.kind
      WHERE x.kind IN (${list(COLLAPSED_KINDS)})
        AND (x.kind NOT IN (${list(COLLAPSED_PER_ACTOR)}) OR n.actor_id = x.actor_id)
        AND n.created_at > now() - make_interval(hours => ${COLLAPSE_HOURS})
      ORDER BY x.ord, n.id DESC),
    upd AS (
      UPDATE notifications n SET title = x.title, content = x.content, url = x.url, actor_id = x.actor_id,
        params = x.params, is_read = false
      FROM prev JOIN x ON x.ord = prev.ord
      WHERE n.id = prev.id
      RETURNING n.*),
    ins AS (
      INSERT INTO notifications (user_id, kind, title, content, url, room_id, friend_request_id, transaction_ids,
                                 actor_id, params)
      SELECT x.user_id, x.kind, x.title, x.content, x.url, x.room_id, x.friend_request_id, x.transaction_ids,
             x.actor_id, x.params
      FROM x WHERE NOT EXISTS (SELECT 1 FROM prev WHERE prev.ord = x.ord)
      ORDER BY x.ord
      RETURNING *)
    SELECT ${answerColumns('n', sql`s.state`)}, n.fresh AND ${pushAllowed(sql`n.kind`, 'u')} AS push
    FROM (SELECT ins.*, true AS fresh FROM ins UNION ALL SELECT upd.*, false AS fresh FROM upd) n
    JOIN users u ON u.id = n.user_id
    ${stateJoin('n')}
    ORDER BY n.id`);
  return rows;
}

/** A page of the user's notifications, newest first: `before` (created_us, id) for keyset pages, else an offset. */
export async function selectNotifications(
  db: Db,
  userId: number,
  page: { limit: number; offset?: number; before?: { us: string; id: number } },
): Promise<NotificationRow[]> {
  const after = page.before
    ? sql`AND (n.created_at, n.id) < (timestamptz 'epoch' + ${page.before.us}::bigint * interval '1 microsecond', ${page.before.id}::int)`
    : sql``;
  // The page first, then each row's subject: the functions run for the rows answered only.
  const { rows } = await executePrepared<NotificationRow>(
    db,
    sql`
    SELECT ${answerColumns('n', sql`s.state`)}
    FROM (SELECT * FROM notifications n WHERE n.user_id = ${userId} ${after}
          ORDER BY n.created_at DESC, n.id DESC LIMIT ${page.limit} OFFSET ${page.offset ?? 0}) n
    ${stateJoin('n')}
    ORDER BY n.created_at DESC, n.id DESC`,
  );
  return rows;
}

/** Marks the user's notifications read where `where` holds (about `n`); answers the ids that changed. */
async function markReadWhere(db: Runner, userIds: number[], where: SQL): Promise<MarkedRow[]> {
  if (userIds.length === 0) return [];
  const { rows } = await db.execute<MarkedRow>(sql`
    UPDATE notifications n SET is_read = true
    WHERE n.user_id = ANY(${ints(userIds)}) AND NOT n.is_read AND ${where}
    RETURNING n.id, n.user_id`);
  return rows;
}
export type MarkedRow = { id: number; user_id: number };

/** One notification, marked read; its answer row, or nothing when it is not the user's. */
export async function markOneRead(
  db: Db,
  userId: number,
  notificationId: number,
): Promise<(NotificationRow & { was_read: boolean }) | undefined> {
  const { rows } = await db.execute<NotificationRow & { was_read: boolean }>(sql`
    WITH old AS (SELECT id, is_read FROM notifications WHERE id = ${notificationId} AND user_id = ${userId} FOR UPDATE),
    upd AS (UPDATE notifications n SET is_read = true FROM old WHERE n.id = old.id RETURNING n.*, old.is_read AS was_read)
    SELECT ${answerColumns('n', sql`s.state`)}, n.was_read
    FROM upd n ${stateJoin('n')}`);
  return rows[0];
}

/** The user's unread count: the partial index notifications_unread_idx holds exactly those rows. */
export async function countUnread(db: Db, userId: number): Promise<number> {
  const { rows } = await executePrepared<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM notifications WHERE user_id = ${userId} AND NOT is_read`,
  );
  return rows[0]!.n;
}

/** The subject filters acted-on rules mark read by (with `notification_resolved` checking it is resolved now). */
const resolvedNow = sql`notification_resolved(n.kind, ${subjectStateOf('n')})`;

/**
 * Marks read the unread notifications about `subject` that it resolves now (the same rule as their `resolved`
 * answer); answers the ids that changed.
 */
export async function markResolvedRead(tx: Runner, subject: Subject): Promise<MarkedRow[]> {
  if ('friendRequestId' in subject)
    return markReadWhere(
      tx,
      [subject.userId],
      sql`n.friend_request_id = ${subject.friendRequestId} AND n.kind = 'friend_request' AND ${resolvedNow}`,
    );
  if ('inviteOf' in subject)
    return markReadWhere(
      tx,
      [subject.inviteOf.userId],
      sql`n.room_id = ${subject.inviteOf.roomId} AND n.kind IN ('room_invite', 'invite_nudge') AND ${resolvedNow}`,
    );
  return markReadWhere(
    tx,
    subject.userIds,
    sql`n.transaction_ids @> ARRAY[${subject.transactionId}::int] AND ${resolvedNow}`,
  );
}

/** All the user's notifications marked read; with `roomId`, that room's that only inform (ROOM_INFO_KINDS). */
export async function markAllReadOf(db: Runner, userId: number, roomId?: string): Promise<MarkedRow[]> {
  const where = roomId ? sql`n.room_id = ${roomId} AND n.kind IN (${list(ROOM_INFO_KINDS)})` : sql`true`;
  return markReadWhere(db, [userId], where);
}

export type PreferencesRow = { event_reminders: boolean; notify_off: string[]; push_off: string[] };

export async function selectPreferences(db: Db, userId: number): Promise<PreferencesRow | undefined> {
  const { rows } = await db.execute<PreferencesRow>(
    sql`SELECT event_reminders, notify_off, push_off FROM users WHERE id = ${userId}`,
  );
  return rows[0];
}

/** A list of texts bound as one `text[]` parameter: one statement text whatever its length (as db/arrays.ts). */
const texts = (values: string[]) => sql`${sql.param(values)}::text[]`;

/** Switches groups on (`on`) and off (`off`) in one statement; `eventReminders` null keeps it. */
export async function updatePreferences(
  db: Db,
  userId: number,
  change: {
    eventReminders: boolean | null;
    notify: { on: string[]; off: string[] };
    push: { on: string[]; off: string[] };
  },
): Promise<PreferencesRow | undefined> {
  const merged = (column: string, c: { on: string[]; off: string[] }) =>
    sql`ARRAY(SELECT DISTINCT g FROM unnest(${sql.raw(column)} || ${texts(c.off)}) g
              WHERE g <> ALL(${texts(c.on)}) ORDER BY g)`;
  const { rows } = await db.execute<PreferencesRow>(sql`
    UPDATE users SET event_reminders = coalesce(${change.eventReminders}::boolean, event_reminders),
      notify_off = ${merged('notify_off', change.notify)}, push_off = ${merged('push_off', change.push)}
    WHERE id = ${userId} RETURNING event_reminders, notify_off, push_off`);
  return rows[0];
}
