import { and, desc, eq, sql } from 'drizzle-orm';
import type { Notification } from '@outing/contract';
import type { Db } from '../../db/pool.js';
import { notifications } from '../../db/schema.js';
import type { AppEvents } from '../../lib/events.js';
import { notFound } from '../../lib/errors.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type NewNotification = {
  userId: number;
  title: string;
  content: string;
  /** in-app path to open */ url: string;
};
export type Pending = { notification: Notification; url: string };

const toNotification = (r: typeof notifications.$inferSelect): Notification => ({
  id: r.id,
  userId: r.userId,
  title: r.title,
  content: r.content,
  isRead: r.isRead,
  createdAt: r.createdAt.toISOString(),
});

/**
 * The one way a notification is created: stored inside the caller's transaction; `deliver` it after the commit so
 * that it is pushed and sent on the socket only if it really exists.
 */
export async function storeNotifications(tx: Tx | Db, items: NewNotification[]): Promise<Pending[]> {
  if (items.length === 0) return [];
  const rows = await tx
    .insert(notifications)
    .values(items.map(({ userId, title, content }) => ({ userId, title, content })))
    .returning();
  return rows.map((row, i) => ({ notification: toNotification(row), url: items[i]!.url }));
}

export function deliver(events: AppEvents, pending: Pending[]) {
  for (const p of pending) events.emitNotification(p);
}

/** Store and deliver at once, for callers with no transaction of their own. */
export async function notify(db: Db, events: AppEvents, items: NewNotification[]): Promise<Notification[]> {
  const pending = await storeNotifications(db, items);
  deliver(events, pending);
  return pending.map((p) => p.notification);
}

export async function listNotifications(
  db: Db,
  userId: number,
  page = 1,
  pageSize = 100,
): Promise<Notification[]> {
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return rows.map(toNotification);
}

/** Idempotent; another user's notification is a 404 (it reveals nothing). */
export async function markRead(db: Db, userId: number, notificationId: number): Promise<Notification> {
  const [row] = await db
    .update(notifications)
    .set({ isRead: sql`true` })
    .where(and(eq(notifications.id, notificationId), eq(notifications.userId, userId)))
    .returning();
  if (!row) throw notFound('Notification not found.');
  return toNotification(row);
}
