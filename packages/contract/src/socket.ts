import { z } from 'zod';
import { id, isoDateTime, roomId } from './primitives.js';
import { notificationSchema } from './shapes.js';

/** Server → client frames on `/v1/ws` (api-contract §8). */
export const createMessageFrame = z.object({
  type: z.literal('CREATE_MESSAGE'),
  data: z.object({
    id,
    roomId,
    senderId: id,
    senderName: z.string(),
    content: z.string(),
    sentAt: isoDateTime,
  }),
});
export const notificationFrame = z.object({ type: z.literal('NOTIFICATION'), data: notificationSchema });
export const roomUpdatedFrame = z.object({ type: z.literal('ROOM_UPDATED'), data: z.object({ roomId }) });
export const billCreatedFrame = z.object({ type: z.literal('BILL_CREATED'), data: z.object({ roomId }) });
/** A bill of the open round was edited or deleted (api-contract §10.2). */
export const billUpdatedFrame = z.object({
  type: z.literal('BILL_UPDATED'),
  data: z.object({ roomId, billId: id }),
});
export const billsConsolidatedFrame = z.object({
  type: z.literal('BILLS_CONSOLIDATED'),
  data: z.object({ roomId }),
});
export const transactionSettledFrame = z.object({
  type: z.literal('TRANSACTION_SETTLED'),
  data: z.object({ transactionId: id, roomId }),
});

/** A transaction changed status: undone, confirmed, received or disputed (api-contract §10.5). */
export const transactionUpdatedFrame = z.object({
  type: z.literal('TRANSACTION_UPDATED'),
  data: z.object({ transactionId: id, roomId, status: z.enum(['unpaid', 'paid', 'confirmed']) }),
});

export const socketFrameSchema = z.discriminatedUnion('type', [
  createMessageFrame,
  notificationFrame,
  roomUpdatedFrame,
  billCreatedFrame,
  billUpdatedFrame,
  billsConsolidatedFrame,
  transactionSettledFrame,
  transactionUpdatedFrame,
]);
export type SocketFrame = z.infer<typeof socketFrameSchema>;
export type SocketFrameType = SocketFrame['type'];

/** Close codes of the socket. */
export const socketCloseCodes = { unauthorized: 4401, badOrigin: 1008 } as const;
