import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notificationEndpoints as notifications } from '@outing/contract';
import { ok } from '../../lib/envelope.js';
import { route } from '../../lib/route.js';
import { remind } from '../bills/service.js';
import { listNotifications, markAllRead, markRead, unreadCount } from './service.js';

/** The caller's notifications and payment reminders, declared in packages/contract/src/endpoints/notifications.ts. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, events } = app.deps;
  // Badges stay live: every device of the user hears when some of their notifications became read, with the count.
  events.onNotificationsRead(async ({ userId, ids, all }) =>
    app.hub.toUsers([userId], {
      type: 'NOTIFICATIONS_READ',
      data: { ids: ids.slice(0, 100), all, unread: await unreadCount(db, userId) },
    }),
  );

  route(app, notifications.list, async (req) => {
    const { notifications: rows, nextCursor } = await listNotifications(db, req.user.id, req.query);
    return nextCursor === undefined ? ok(rows) : { ...ok(rows), nextCursor };
  });

  route(app, notifications.unreadCount, async (req) => ok({ count: await unreadCount(db, req.user.id) }));

  route(app, notifications.readAll, async (req) =>
    ok(await markAllRead(db, events, req.user.id, req.body?.roomId), 'Marked as read'),
  );

  // `self`: another user's id is refused before this runs (lib/route.ts).
  route(app, notifications.markRead, async (req) =>
    ok(await markRead(db, events, req.user.id, req.params.notificationId), 'Marked as read'),
  );

  route(app, notifications.remind, async (req) =>
    ok(
      await remind({ db, events, hub: app.hub }, req.user, req.body.userId, req.body.title, req.body.content),
      'Reminder created successfully!',
    ),
  );
};
