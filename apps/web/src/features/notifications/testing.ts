import { notificationEndpoints, type Notification } from '@outing/contract';
import { fail } from '@/mocks/envelope';
import { mockFixed, mockOk, mockPage, mockSignedIn } from '@/mocks/route';
import { server } from '@/test/server';

// Test helpers of the notifications: a test's own notifications, served as its fixed answers (the shared mock
// answers mock mode's demo: src/mocks/notifications.ts). What reading changes is the server's:
// notifications.server.test.tsx.

/** A notification as a test writes it: the signed-in user's. */
export type TestNotification = Omit<Notification, 'userId'>;

/**
 * Serves `rows` (newest first) as the signed-in user's: the list in keyset pages (the cursor is the last one's id),
 * the unread count, and marking one (answered read) or all read.
 */
export function serveNotifications(rows: TestNotification[]) {
  const unread = rows.filter((n) => !n.isRead).length;
  const mine = (userId: number) => rows.map((n) => ({ ...n, userId }));
  server.use(
    mockFixed(notificationEndpoints.unreadCount, { count: unread }),
    mockFixed(notificationEndpoints.readAll, { marked: unread, unread: 0 }),
    mockSignedIn(notificationEndpoints.list, ({ request, claims }) =>
      mockPage(notificationEndpoints.list, mine(claims.user_id), request, (n) => String(n.id)),
    ),
    mockSignedIn(notificationEndpoints.markRead, ({ params, claims }) => {
      const found = mine(claims.user_id).find((n) => String(n.id) === params.notificationId);
      if (!found) return fail(404, 'NOT_FOUND', 'Notification not found.');
      return mockOk(notificationEndpoints.markRead, { ...found, isRead: true }, 'Marked as read');
    }),
  );
}
