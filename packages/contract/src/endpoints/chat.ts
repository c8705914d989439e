import { z } from 'zod';
import { messagesPageSchema, messagesQuery, sendMessageBody } from '../chat.js';
import { endpoint } from '../endpoint.js';
import {
  chatReadSchema,
  markChatReadBody,
  muteBody,
  muteSchema,
  roomUnreadSchema,
} from '../notifications.js';
import { roomIdParams } from '../rooms.js';
import { messageSchema } from '../shapes.js';

const tag = 'chat';

/** A room's chat, its read markers, unread counts and mutes (docs/api/README.md#chat). */
export const chatEndpoints = {
  send: endpoint({
    method: 'POST',
    path: '/rooms/{id}/messages',
    params: roomIdParams,
    body: sendMessageBody,
    data: messageSchema,
    errors: [400, 401, 403, 404, 409],
    access: 'member',
    guests: 'room',
    summary: 'Send a message to the room (members); a `clientId` makes a retried send store it once',
    tag,
  }),
  list: endpoint({
    method: 'GET',
    path: '/rooms/{id}/messages',
    params: roomIdParams,
    query: messagesQuery,
    data: messagesPageSchema,
    errors: [400, 401, 403, 404],
    access: 'member',
    guests: 'room',
    summary: 'A page of the room’s messages (newest first unless asc=true)',
    tag,
  }),
  read: endpoint({
    method: 'PUT',
    path: '/rooms/{id}/messages/read',
    params: roomIdParams,
    // The body may be left out: up to the newest message.
    body: markChatReadBody.nullish(),
    data: chatReadSchema,
    errors: [400, 401, 403, 404, 409],
    access: 'member',
    guests: 'room',
    summary: 'Read the room’s chat up to `messageId`, or up to the newest message (members; never goes back)',
    tag,
  }),
  unread: endpoint({
    method: 'GET',
    path: '/rooms/unread',
    data: z.array(roomUnreadSchema),
    errors: [401],
    access: 'signedIn',
    guests: 'room',
    summary: 'Unread chat messages of each of the caller’s open rooms, and whether each is muted',
    tag,
  }),
  mute: endpoint({
    method: 'PATCH',
    path: '/rooms/{id}/mute',
    params: roomIdParams,
    body: muteBody,
    data: muteSchema,
    errors: [400, 401, 403, 404],
    access: 'member',
    guests: 'room',
    summary: 'Mute or unmute the pushes of the room’s chat for the caller (members)',
    tag,
  }),
};
