import { z } from 'zod';
import { errorReasonSchema } from './error-reasons.js';

/** Stable machine codes carried by every error envelope (docs/api/README.md#envelope). */
export const errorCodes = [
  'VALIDATION',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_MEMBER',
  'NOT_HOST',
  'GUEST_NOT_ALLOWED',
  'NOT_FOUND',
  'CONFLICT',
  'BILLS_UNCONSOLIDATED',
  'RATE_LIMITED',
  'HEADERS_TOO_LARGE',
  'REQUEST_TIMEOUT',
  'EMAIL_NOT_VERIFIED',
  'BAD_GATEWAY',
  'UNAVAILABLE',
  'INTERNAL',
] as const;
export const errorCodeSchema = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

export const issueSchema = z.object({ path: z.string(), message: z.string() });
export type Issue = z.infer<typeof issueSchema>;

export const errorEnvelopeSchema = z.object({
  status: z.literal('error'),
  message: z.string(),
  code: errorCodeSchema,
  /** Which refusal, when a code covers several (error-reasons.ts); absent on a 400 whose issues name the fields. */
  reason: errorReasonSchema.optional(),
  data: z.null(),
  issues: z.array(issueSchema).optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema> & { email?: string };

/**
 * The login answer for a right password on an unverified account also names the account's email, so that a user
 * who signed in by username can be sent a code and verify (decision 002).
 */
export const emailNotVerifiedSchema = errorEnvelopeSchema.extend({
  code: z.literal('EMAIL_NOT_VERIFIED'),
  email: z.string(),
});

/** `{status: "success", message, data}`; every success is HTTP 200. */
export function successEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ status: z.literal('success'), message: z.string(), data });
}

/** Login-style success: the envelope plus a top-level `token`. */
export function tokenEnvelope<T extends z.ZodType>(data: T) {
  return successEnvelope(data).extend({ token: z.string() });
}

export type SuccessEnvelope<T> = { status: 'success'; message: string; data: T };
