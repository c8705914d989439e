import { z } from 'zod';
import { successEnvelope } from './envelope.js';
import { idParam } from './primitives.js';
import { messageSchema } from './shapes.js';

export const CHAT_PAGE_SIZE = 20;
export const CHAT_MAX_LENGTH = 2000;

export const sendMessageBody = z.object({
  content: z.string().trim().min(1, 'Invalid message').max(CHAT_MAX_LENGTH, 'Invalid message'),
});

const bool = z.enum(['true', 'false']).transform((v) => v === 'true');

export const messagesQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  asc: bool.default(false),
  pageSize: z.coerce.number().int().min(1).max(100).default(CHAT_PAGE_SIZE),
  /** Only messages older than this id, so that new messages do not shift older pages. */
  before: idParam.optional(),
});

export const messageResponse = successEnvelope(messageSchema);
export const messagesPageResponse = successEnvelope(
  z.object({ messages: z.array(messageSchema), page: z.number().int(), pageCount: z.number().int() }),
);
