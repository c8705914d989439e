import { z } from 'zod';
import { successEnvelope } from './envelope.js';
import { idParam, userIdInput } from './primitives.js';
import { subscriptionSchema } from './shapes.js';

export const subscribeBody = z.object({
  userId: userIdInput.optional(),
  endpoint: z.url({ error: 'endpoint must be a URL' }).max(2048),
  auth: z
    .string()
    .min(16)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+=*$/, 'auth must be base64url'),
  p256dh: z
    .string()
    .min(80)
    .max(100)
    .regex(/^[A-Za-z0-9_-]+=*$/, 'p256dh must be base64url'),
});
export const subscriptionResponse = successEnvelope(subscriptionSchema);
export const subscriptionIdParams = z.object({ id: idParam });
/** No stored endpoint holds a NUL (PostgreSQL text cannot), so one in the path names nothing: 404. */
export const subscriptionEndpointParams = z.object({
  endpoint: z
    .string()
    .min(1)
    .max(4096)
    .regex(/^[^\0]*$/),
});

/**
 * What a push message carries (docs/api/README.md#push). `tag` (issue #21): a later push with the same tag replaces the
 * earlier one on the device (chat pushes: one per room, `chat:<roomId>`).
 */
export const pushPayloadSchema = z.object({
  title: z.string(),
  message: z.string(),
  url: z.string(),
  tag: z.string().optional(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
