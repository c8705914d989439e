import { notificationEndpoints, type Notification } from '@outing/contract';
import { fail } from './envelope';
import { signedIn } from './request';
import { mockOk, mockPage, mockRoute } from './route';

// Mock mode for notifications (docs/api/README.md#notifications): the demo list, newest first, or a test's own.

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

/**
 * Fixed answers from `seed` (docs/principles.md, principle 7): marking one or all read answers as the server would
 * and stores nothing; what reading changes (the count, the rows) is the server's, tested against it
 * (notifications.server.test.tsx).
 */
export function createNotificationsHandlers(seed: NotificationSeed[] = defaultNotificationsSeed()) {
  const unread = seed.filter((n) => !n.isRead).length;
  const mine = (userId: number) => seed.map((n) => ({ ...n, userId }));
  return [
    mockRoute(
      notificationEndpoints.unreadCount,
      signedIn(() => mockOk(notificationEndpoints.unreadCount, { count: unread })),
    ),
    mockRoute(
      notificationEndpoints.readAll,
      signedIn(() => mockOk(notificationEndpoints.readAll, { marked: unread, unread: 0 })),
    ),
    // Keyset pages, newest first: the cursor is the last one's id (the real one carries the instant too).
    mockRoute(
      notificationEndpoints.list,
      signedIn(({ request, claims }) =>
        mockPage(notificationEndpoints.list, mine(claims.user_id), request, (n) => String(n.id)),
      ),
    ),
    mockRoute(
      notificationEndpoints.markRead,
      signedIn(({ params, claims }) => {
        const found = mine(claims.user_id).find((n) => String(n.id) === params.notificationId);
        if (!found) return fail(404, 'NOT_FOUND', 'Notification not found.');
        return mockOk(notificationEndpoints.markRead, { ...found, isRead: true }, 'Marked as read');
      }),
    ),
  ];
}

/** Register in `src/mocks/handlers.ts`. */
export const notificationsHandlers = createNotificationsHandlers();
