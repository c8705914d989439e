import { z } from 'zod';
import { id, isoDateTime, roomId } from './primitives.js';
import { chatReadSchema } from './notifications.js';
import { notificationSchema } from './shapes.js';

/** Server → client frames on `/v1/ws` (docs/api/README.md#socket). */
export const createMessageFrame = z.object({
  type: z.literal('CREATE_MESSAGE'),
  data: z.object({
    id,
    roomId,
    senderId: id,
    senderName: z.string(),
    /** The sender's display name, "" until set (issue 37): shown instead of `senderName` when set. */
    senderDisplayName: z.string().optional(),
    content: z.string(),
    sentAt: isoDateTime,
    /** The sender's `clientId` when the message was sent with one (issue #21), so its "sending" bubble is replaced. */
    clientId: z.string().nullable().optional(),
  }),
});
export const notificationFrame = z.object({ type: z.literal('NOTIFICATION'), data: notificationSchema });
export const roomUpdatedFrame = z.object({ type: z.literal('ROOM_UPDATED'), data: z.object({ roomId }) });
export const billCreatedFrame = z.object({ type: z.literal('BILL_CREATED'), data: z.object({ roomId }) });
/** A bill of the open round was edited or deleted (docs/api/README.md#socket). */
export const billUpdatedFrame = z.object({
  type: z.literal('BILL_UPDATED'),
  data: z.object({ roomId, billId: id }),
});
/** A bill was deleted (it can be restored for 30 days; docs/api/README.md#bills). */
export const billDeletedFrame = z.object({
  type: z.literal('BILL_DELETED'),
  data: z.object({ roomId, billId: id }),
});
/** Anything of the room's ledger changed: a bill, a payment, a confirmation, a dispute, an undo. */
export const balancesChangedFrame = z.object({
  type: z.literal('BALANCES_CHANGED'),
  data: z.object({ roomId }),
});
export const billsConsolidatedFrame = z.object({
  type: z.literal('BILLS_CONSOLIDATED'),
  data: z.object({ roomId }),
});
export const transactionSettledFrame = z.object({
  type: z.literal('TRANSACTION_SETTLED'),
  data: z.object({ transactionId: id, roomId }),
});

/** A transaction changed status: undone, confirmed, received or disputed (docs/api/README.md#socket). */
export const transactionUpdatedFrame = z.object({
  type: z.literal('TRANSACTION_UPDATED'),
  data: z.object({ transactionId: id, roomId, status: z.enum(['unpaid', 'paid', 'confirmed']) }),
});

/**
 * Notifications of the user became read (issue #21): on another device, by "mark all as read", or because what
 * they were about was acted on. `ids`: those that changed (at most 100; with `all` it may be empty: every
 * notification of the user is read now). `unread`: the user's unread count after it.
 */
export const notificationsReadFrame = z.object({
  type: z.literal('NOTIFICATIONS_READ'),
  data: z.object({
    ids: z.array(id),
    all: z.boolean(),
    unread: z.number().int().nonnegative(),
  }),
});

/** The user's read marker of a room's chat moved (any device of theirs, or the chat they have open). */
export const chatReadFrame = z.object({ type: z.literal('CHAT_READ'), data: chatReadSchema });

export const socketFrameSchema = z.discriminatedUnion('type', [
  createMessageFrame,
  notificationFrame,
  roomUpdatedFrame,
  billCreatedFrame,
  billUpdatedFrame,
  billDeletedFrame,
  balancesChangedFrame,
  billsConsolidatedFrame,
  transactionSettledFrame,
  transactionUpdatedFrame,
  notificationsReadFrame,
  chatReadFrame,
]);
export type SocketFrame = z.infer<typeof socketFrameSchema>;
export type SocketFrameType = SocketFrame['type'];

/**
 * Client → server frames (issue #21; anything else a client sends is ignored). `VIEWING`: the room whose chat this
 * socket shows now, or null when it shows none. While a socket views a room's chat its messages count as read for
 * the user, and none of them is pushed to the user; the chat's messages up to now are read on arrival.
 */
export const viewingFrame = z.object({
  type: z.literal('VIEWING'),
  data: z.object({ roomId: roomId.nullable() }),
});
export const clientFrameSchema = z.discriminatedUnion('type', [viewingFrame]);
export type ClientFrame = z.infer<typeof clientFrameSchema>;

/** Close codes of the socket. */
export const socketCloseCodes = { unauthorized: 4401, badOrigin: 1008 } as const;
