import { z } from 'zod';
import { successEnvelope } from './envelope.js';
import { id, roomId } from './primitives.js';

/**
 * Notifications that lead somewhere, unread counts, preferences and chat read markers (issue #21). Every request
 * field here is optional or on a new route, every answer field extra: clients written before it keep working.
 */

/**
 * `GET /notifications` also takes `limit` (1–100) and `cursor` (the `nextCursor` of the page before): keyset pages,
 * newest first, that new notifications never shift. Without `limit` it answers as before (`page`, `pageSize`).
 */
export const notificationsQuery = z.object({
  page: z.coerce.number().int().min(1).optional(),
  pageSize: z.coerce.number().int().min(1).max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  cursor: z.string().max(200).optional(),
});

/**
 * `POST /notifications/read-all`: marks every unread notification of the caller read; with `roomId`, only those
 * about that room that merely inform (moved, date poll, date set, a place opened up, reminders), which is what
 * opening the room's page does. The body may be left out. Answers how many changed and how many stay unread.
 */
export const readAllBody = z.object({ roomId: roomId.optional() });
export const readAllData = z.object({
  marked: z.number().int().nonnegative(),
  unread: z.number().int().nonnegative(),
});
export const readAllResponse = successEnvelope(readAllData);

/** Preferences per group (issue #21); a field left out of a PATCH keeps its value. Everything starts on. */
const notifyFlags = z.object({
  friends: z.boolean(),
  invites: z.boolean(),
  roomChanges: z.boolean(),
  money: z.boolean(),
  /** The same value as `eventReminders`. */
  reminders: z.boolean(),
});
const pushFlags = notifyFlags.extend({ chat: z.boolean() });

/** `GET` / `PATCH /users/{id}/preferences` (self). */
export const preferencesSchema = z.object({
  /** Reminders the day before and two hours before each outing (issue #20); = `notify.reminders`. */
  eventReminders: z.boolean(),
  /** Off: nothing of that group is stored, listed or sent (reminders: none are made for the user). */
  notify: notifyFlags.optional(),
  /** Off: stored and listed, but never pushed to the user's devices (chat: no message pushes). */
  push: pushFlags.optional(),
});
export type Preferences = z.infer<typeof preferencesSchema>;
export const preferencesBody = z.object({
  eventReminders: z.boolean().optional(),
  notify: notifyFlags.partial().optional(),
  push: pushFlags.partial().optional(),
});
export type PreferencesBody = z.infer<typeof preferencesBody>;
export const preferencesResponse = successEnvelope(preferencesSchema);

/** Unread counts of a room's chat stop here: 100 means "100 or more". */
export const CHAT_UNREAD_CAP = 100;

/** Where a member's reading of a room's chat stands. */
export const chatReadSchema = z.object({
  roomId,
  /** The newest message they have read (0: none). */
  lastReadId: z.number().int().nonnegative(),
  /** Messages of others after it, at most `CHAT_UNREAD_CAP`. */
  unread: z.number().int().nonnegative(),
});
export type ChatRead = z.infer<typeof chatReadSchema>;

/**
 * `PUT /rooms/{id}/messages/read` (members): read up to `messageId`, or up to the newest message without it (the
 * body may be left out).
 */
export const markChatReadBody = z.object({ messageId: id.optional() });
export const chatReadResponse = successEnvelope(chatReadSchema);

/** `GET /rooms/unread`: each open room of the caller, with its chat's unread count and whether it is muted. */
export const roomUnreadSchema = chatReadSchema.extend({ muted: z.boolean() });
export type RoomUnread = z.infer<typeof roomUnreadSchema>;
export const roomsUnreadResponse = successEnvelope(z.array(roomUnreadSchema));

/** `PATCH /rooms/{id}/mute` (members): a muted room's messages are never pushed to the caller. */
export const muteBody = z.object({ muted: z.boolean() });
export const muteSchema = z.object({ roomId, muted: z.boolean() });
export const muteResponse = successEnvelope(muteSchema);
