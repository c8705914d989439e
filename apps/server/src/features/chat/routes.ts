import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  chatReadResponse,
  errorEnvelopeSchema as e,
  markChatReadBody,
  messageResponse,
  messagesPageResponse,
  messagesQuery,
  muteBody,
  muteResponse,
  roomIdParams,
  roomsUnreadResponse,
  sendMessageBody,
} from '@outing/contract';
import { followViewers, markChatRead, roomsUnread, setMuted } from './reads.js';
import { MessageNumbering, NUMBERING } from './numbering.js';
import { listMessages, sendMessage, type ChatContext } from './service.js';

/** How long after a room's first unpushed message its chat push goes out: the burst it groups (issue #21). */
export const CHAT_PUSH_DELAY_MS = 5_000;

/** Room chat: docs/api/README.md#chat, and its read markers, unread counts and mutes (issue #21). */
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
  const doc = (summary: string) => ({ tags: ['chat'], security: [{ bearer: [] }], summary });

  app.post(
    '/rooms/:id/messages',
    {
      onRequest: [app.authenticate],
      schema: {
        ...doc('Send a message to the room (members); a `clientId` makes a retried send store it once'),
        params: roomIdParams,
        body: sendMessageBody,
        response: { 200: messageResponse, 400: e, 401: e, 403: e, 404: e, 409: e },
      },
    },
    async (req) => ({
      status: 'success' as const,
      message: 'Sent',
      data: await sendMessage(ctx, req.user, req.params.id, req.body.content, req.body.clientId),
    }),
  );

  app.get(
    '/rooms/:id/messages',
    {
      onRequest: [app.authenticate],
      schema: {
        ...doc('A page of the room’s messages (newest first unless asc=true)'),
        params: roomIdParams,
        querystring: messagesQuery,
        response: { 200: messagesPageResponse, 400: e, 401: e, 403: e, 404: e },
      },
    },
    async (req) => ({
      status: 'success' as const,
      message: 'OK',
      data: await listMessages(ctx, req.user, req.params.id, req.query),
    }),
  );

  app.put(
    '/rooms/:id/messages/read',
    {
      onRequest: [app.authenticate],
      schema: {
        ...doc(
          'Read the room’s chat up to `messageId`, or up to the newest message (members; never goes back)',
        ),
        params: roomIdParams,
        body: markChatReadBody.nullish(),
        response: { 200: chatReadResponse, 400: e, 401: e, 403: e, 404: e, 409: e },
      },
    },
    async (req) => ({
      status: 'success' as const,
      message: 'Read',
      data: await markChatRead(ctx, req.user, req.params.id, req.body?.messageId),
    }),
  );

  app.get(
    '/rooms/unread',
    {
      onRequest: [app.authenticate],
      schema: {
        ...doc('Unread chat messages of each of the caller’s open rooms, and whether each is muted'),
        response: { 200: roomsUnreadResponse, 401: e },
      },
    },
    async (req) => ({
      status: 'success' as const,
      message: 'OK',
      data: await roomsUnread(app.deps.db, req.user.id),
    }),
  );

  app.patch(
    '/rooms/:id/mute',
    {
      onRequest: [app.authenticate],
      schema: {
        ...doc('Mute or unmute the pushes of the room’s chat for the caller (members)'),
        params: roomIdParams,
        body: muteBody,
        response: { 200: muteResponse, 400: e, 401: e, 403: e, 404: e },
      },
    },
    async (req) => ({
      status: 'success' as const,
      message: req.body.muted ? 'Muted' : 'Unmuted',
      data: await setMuted(ctx, req.user, req.params.id, req.body.muted),
    }),
  );
};
