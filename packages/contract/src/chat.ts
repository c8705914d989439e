import { z } from 'zod';
import { successEnvelope } from './envelope.js';
import { idParam } from './primitives.js';
import { messageSchema } from './shapes.js';
import { multiLineText } from './text.js';

export const CHAT_PAGE_SIZE = 20;
export const CHAT_MAX_LENGTH = 2000;

export const sendMessageBody = z.object({
  /** Multi-line (docs/api/README.md#display-text): line breaks kept, CRLF and CR stored as LF, other control characters refused. */
  content: multiLineText('Message').min(1, 'Invalid message').max(CHAT_MAX_LENGTH, 'Invalid message'),
  /**
   * Exactly-once sending (issue #21): an id the client makes for the message (a UUID, say). The same `clientId`
   * from the same sender in the same room stores nothing new: the first message comes back, and no frame goes out.
   */
  clientId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, 'clientId must be 8 to 64 letters, digits, - or _ (a UUID, say)')
    .optional(),
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
export const messagesPageSchema = z.object({
  messages: z.array(messageSchema),
  page: z.number().int(),
  pageCount: z.number().int(),
});
export const messagesPageResponse = successEnvelope(messagesPageSchema);
