import { HttpResponse } from 'msw';
import { notificationEndpoints, type Notification } from '@outing/contract';
import { mockDelay } from '../../../mocks/delay';
import { fail } from '../../../mocks/envelope';
import { mockOk, mockRoute } from '../../../mocks/route';
import { claimsOf } from '../../../mocks/token';

// Mock mode for notifications (docs/api/README.md#notifications). State lives per handler set: each call of
// `createNotificationsHandlers` starts afresh (tests pass their own list).

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

export type NotificationSeed = Omit<Notification, 'userId'>;

export function defaultNotificationsSeed(): NotificationSeed[] {
  return [
    {
      id: 9,
      title: 'Friend request',
      content: 'sophie_r sent you a friend request.',
      isRead: false,
      createdAt: minutesAgo(20),
    },
    {
      id: 8,
      title: 'Room invite',
      content: 'ben_k invited you to “Friday board games”.',
      isRead: false,
      createdAt: minutesAgo(95),
    },
    {
      id: 7,
      title: 'Bills consolidated',
      content: 'You owe dev_patel $18.40 for “Camden brunch”.',
      isRead: false,
      createdAt: minutesAgo(60 * 5),
    },
    {
      id: 6,
      title: 'Reminder',
      content: 'Pay $12.50 to chloe.m!',
      isRead: true,
      createdAt: minutesAgo(60 * 26),
    },
    {
      id: 5,
      title: 'Friend request accepted',
      content: 'emma.w accepted your friend request.',
      isRead: true,
      createdAt: minutesAgo(60 * 24 * 3),
    },
    {
      id: 4,
      title: 'Settled',
      content: 'felix paid you $25.00!',
      isRead: true,
      createdAt: minutesAgo(60 * 24 * 12),
    },
  ];
}

/** Kinds that only inform about a room: what opening its page reads (docs/notifications.md). */
const roomInfoKinds = new Set(['room_changed', 'date_poll', 'date_set', 'waitlist_promoted', 'reminder']);

export function createNotificationsHandlers(seed: NotificationSeed[] = defaultNotificationsSeed()) {
  const notifications = seed.map((n) => ({ ...n }));
  const newestFirst = () =>
    [...notifications].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
  const unreadCount = () => notifications.filter((n) => !n.isRead).length;

  return [
    mockRoute(notificationEndpoints.unreadCount, async ({ request }) => {
      await mockDelay();
      if (!claimsOf(request)) return fail(401, 'UNAUTHENTICATED', 'Please sign in again.');
      return mockOk(notificationEndpoints.unreadCount, { count: unreadCount() });
    }),

    mockRoute(notificationEndpoints.readAll, async ({ request }) => {
      await mockDelay();
      if (!claimsOf(request)) return fail(401, 'UNAUTHENTICATED', 'Please sign in again.');
      const body = (await request.json().catch(() => ({}))) as { roomId?: string } | null;
      const roomId = body?.roomId;
      let marked = 0;
      for (const n of notifications) {
        if (n.isRead) continue;
        if (roomId !== undefined && !(n.roomId === roomId && roomInfoKinds.has(n.kind ?? ''))) continue;
        n.isRead = true;
        marked += 1;
      }
      return mockOk(notificationEndpoints.readAll, { marked, unread: unreadCount() });
    }),

    mockRoute(notificationEndpoints.list, async ({ request }) => {
      await mockDelay();
      const claims = claimsOf(request);
      if (!claims) return fail(401, 'UNAUTHENTICATED', 'Please sign in again.');
      const query = new URL(request.url).searchParams;
      const all = newestFirst().map((n) => ({ ...n, userId: claims.user_id }));
      const limit = query.get('limit');
      if (limit === null) return mockOk(notificationEndpoints.list, all);
      // Keyset pages: the cursor is the id of the last one shown (the real one carries the instant too).
      const cursor = query.get('cursor');
      const from = cursor === null ? 0 : all.findIndex((n) => String(n.id) === cursor) + 1;
      const page = all.slice(from, from + Number(limit));
      const last = page.at(-1);
      const nextCursor = from + page.length < all.length && last ? String(last.id) : null;
      return HttpResponse.json({ status: 'success', message: 'OK', data: page, nextCursor });
    }),

    mockRoute(notificationEndpoints.markRead, async ({ request, params }) => {
      await mockDelay();
      const claims = claimsOf(request);
      if (!claims) return fail(401, 'UNAUTHENTICATED', 'Please sign in again.');
      if (String(claims.user_id) !== params.id)
        return fail(403, 'FORBIDDEN', 'You are not allowed to do that.');
      const notification = notifications.find((n) => String(n.id) === params.notificationId);
      if (!notification) return fail(404, 'NOT_FOUND', 'Notification not found.');
      notification.isRead = true;
      return mockOk(
        notificationEndpoints.markRead,
        { ...notification, userId: claims.user_id },
        'Marked as read',
      );
    }),
  ];
}

/** Register in `src/mocks/handlers.ts`. */
export const notificationsHandlers = createNotificationsHandlers();
