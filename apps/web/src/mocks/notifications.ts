import { notificationEndpoints } from '@outing/contract';
import { MOCK_ME_ID, minutesAgo } from './demo';
import { fail } from './envelope';
import { mockFixed, mockFixedPage, mockOk, mockSignedIn } from './route';

// Mock mode for notifications (docs/api/README.md#notifications): the demo list, newest first. Fixed answers
// (docs/principles.md, principle 7): marking one or all read stores nothing; what reading changes is the server's.

/** id, title, content, read, sent minutes ago. */
// prettier-ignore
const rows: [number, string, string, boolean, number][] = [
  [9, 'Friend request', 'sophie_r sent you a friend request.', false, 20],
  [8, 'Room invite', 'ben_k invited you to “Friday board games”.', false, 95],
  [7, 'Bills consolidated', 'You owe dev_patel $18.40 for “Camden brunch”.', false, 60 * 5],
  [6, 'Reminder', 'Pay $12.50 to chloe.m!', true, 60 * 26],
  [5, 'Friend request accepted', 'emma.w accepted your friend request.', true, 60 * 24 * 3],
  [4, 'Settled', 'felix paid you $25.00!', true, 60 * 24 * 12],
];
const list = rows.map(([id, title, content, isRead, ago]) => {
  return { id, userId: MOCK_ME_ID, title, content, isRead, createdAt: minutesAgo(ago) };
});

export const notificationsHandlers = [
  mockFixed(notificationEndpoints.unreadCount, { count: 3 }),
  mockFixed(notificationEndpoints.readAll, { marked: 3, unread: 0 }),
  mockFixedPage(notificationEndpoints.list, list),
  mockSignedIn(notificationEndpoints.markRead, ({ params }) => {
    const found = list.find((n) => String(n.id) === params.notificationId);
    if (!found) return fail(404, 'NOT_FOUND', 'Notification not found.');
    return mockOk(notificationEndpoints.markRead, { ...found, isRead: true }, 'Marked as read');
  }),
];
