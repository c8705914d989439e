import { notificationEndpoints, type Notification } from '@outing/contract';
import { minutesAgo } from './demo';
import { fail } from './envelope';
import { mockFixed, mockOk, mockPage, mockSignedIn } from './route';

// Mock mode for notifications (docs/api/README.md#notifications): the demo list, newest first, or a test's own.

export type NotificationSeed = Omit<Notification, 'userId'>;

function defaultNotificationsSeed(): NotificationSeed[] {
  /** id, title, content, read, sent; newest first. */
  // prettier-ignore
  const rows: [number, string, string, boolean, string][] = [
    [9, 'Friend request', 'sophie_r sent you a friend request.', false, minutesAgo(20)],
    [8, 'Room invite', 'ben_k invited you to “Friday board games”.', false, minutesAgo(95)],
    [7, 'Bills consolidated', 'You owe dev_patel $18.40 for “Camden brunch”.', false, minutesAgo(60 * 5)],
    [6, 'Reminder', 'Pay $12.50 to chloe.m!', true, minutesAgo(60 * 26)],
    [5, 'Friend request accepted', 'emma.w accepted your friend request.', true, minutesAgo(60 * 24 * 3)],
    [4, 'Settled', 'felix paid you $25.00!', true, minutesAgo(60 * 24 * 12)],
  ];
  return rows.map(([id, title, content, isRead, createdAt]) => ({ id, title, content, isRead, createdAt }));
}

/**
 * Fixed answers from `seed` (docs/principles.md, principle 7): marking one or all read answers as the server would
 * and stores nothing; what reading changes (the count, the rows) is the server's, tested against it
 * (notifications.server.test.tsx).
 */
export function createNotificationsHandlers(seed: NotificationSeed[] = defaultNotificationsSeed()) {
  const unread = seed.filter((n) => !n.isRead).length;
  const mine = (userId: number) => seed.map((n) => ({ ...n, userId }));
  return [
    mockFixed(notificationEndpoints.unreadCount, { count: unread }),
    mockFixed(notificationEndpoints.readAll, { marked: unread, unread: 0 }),
    // Keyset pages, newest first: the cursor is the last one's id (the real one carries the instant too).
    mockSignedIn(notificationEndpoints.list, ({ request, claims }) =>
      mockPage(notificationEndpoints.list, mine(claims.user_id), request, (n) => String(n.id)),
    ),
    mockSignedIn(notificationEndpoints.markRead, ({ params, claims }) => {
      const found = mine(claims.user_id).find((n) => String(n.id) === params.notificationId);
      if (!found) return fail(404, 'NOT_FOUND', 'Notification not found.');
      return mockOk(notificationEndpoints.markRead, { ...found, isRead: true }, 'Marked as read');
    }),
  ];
}

export const notificationsHandlers = createNotificationsHandlers();
