import type { FastifyInstance } from 'fastify';
import { PushSender } from '../../lib/push-sender.js';
import { removeSubscription, subscriptionsOf } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    push?: PushSender;
  }
}

/**
 * Pushes every notification (unless its user switched that group's pushes off) and every other push (chat) to all of
 * its user's subscriptions, when VAPID keys are configured.
 */
export function registerPushDelivery(app: FastifyInstance) {
  const { db, config, events, vapid } = app.deps;
  if (!vapid) return;
  const sender = new PushSender({
    vapid: { ...vapid, subject: config.vapid.subject },
    log: app.log,
    onGone: (id) => removeSubscription(db, id),
    // Messages are handed over by notification listeners: drain waits for them first.
    upstream: () => events.idle(),
    allowPrivate: config.vapid.allowPrivateEndpoints,
    ...app.deps.pushOptions,
  });
  app.decorate('push', sender);
  app.addHook('onClose', async () => sender.close());
  // `push: false`: the user switched pushes of that group off (preferences); it is in their list all the same.
  events.onNotification(async ({ notification, url, push }) => {
    if (push === false) return;
    for (const s of await subscriptionsOf(db, notification.userId)) {
      sender.send(s, { title: notification.title, message: notification.content, url });
    }
  });
  events.onPush(async ({ userId, payload }) => {
    for (const s of await subscriptionsOf(db, userId)) sender.send(s, payload);
  });
}
