import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { chatEndpoints as chat } from '@outing/contract';
import { ok } from '../../lib/envelope.js';
import { route } from '../../lib/route.js';
import { followViewers, markChatRead, roomsUnread, setMuted } from './reads.js';
import { MessageNumbering, NUMBERING } from './numbering.js';
import { listMessages, sendMessage, type ChatContext } from './service.js';

/** How long after a room's first unpushed message its chat push goes out: the burst it groups (issue #21). */
export const CHAT_PUSH_DELAY_MS = 5_000;

/**
 * Room chat: docs/api/README.md#chat, and its read markers, unread counts and mutes (issue #21); declared in
 * packages/contract/src/endpoints/chat.ts.
 */
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: ChatContext = {
    db: app.deps.db,
    events: app.deps.events,
    publicUrl: app.deps.config.publicUrl,
    defaultCurrency: app.deps.config.defaultCurrency,
    hub: app.hub,
    chatPush: { enabled: !!app.deps.vapid, delayMs: app.deps.chatPushDelayMs ?? CHAT_PUSH_DELAY_MS },
    numbering: new MessageNumbering(
      app.deps.db,
      (err, roomId) => app.log.warn({ err, roomId }, 'numbering messages failed; the next batch retries'),
      app.deps.messageNumbering === undefined ? NUMBERING : app.deps.messageNumbering,
    ),
  };
  app.addHook('onClose', () => ctx.numbering.close());
  const viewersIdle = followViewers(app.deps.db, app.hub, app.log);
  app.addHook('onClose', () => viewersIdle());
  route(app, chat.send, async (req) =>
    ok(await sendMessage(ctx, req.user, req.params.id, req.body.content, req.body.clientId), 'Sent'),
  );

  route(app, chat.list, async (req) => ok(await listMessages(ctx, req.user, req.params.id, req.query)));

  route(app, chat.read, async (req) =>
    ok(await markChatRead(ctx, req.user, req.params.id, req.body?.messageId), 'Read'),
  );

  route(app, chat.unread, async (req) => ok(await roomsUnread(app.deps.db, req.user.id)));

  route(app, chat.mute, async (req) =>
    ok(await setMuted(ctx, req.user, req.params.id, req.body.muted), req.body.muted ? 'Muted' : 'Unmuted'),
  );
};
