import { z } from 'zod';

/**
 * Why a request was refused, beside the error envelope's `code` (docs/api-errors.md, decision 021). A code is the
 * kind of refusal (`CONFLICT`, `FORBIDDEN`, …) and several refusals share one; a reason names exactly one meaning,
 * the same reason wherever that meaning is refused, so clients tell refusals apart (and say them in their own
 * language) without reading the English `message`. Reasons are only ever added: a client meeting a reason it does
 * not know shows the message. A 400 whose `issues` name the fields at fault needs none and has none.
 */
export const errorReasons = [
  // Signing in and sessions
  'SIGN_IN_REQUIRED',
  'SESSION_INVALID',
  'SESSION_EXPIRED',
  'SESSION_ENDED',
  'WRONG_CREDENTIALS',
  'EMAIL_NOT_VERIFIED',
  'GOOGLE_SIGN_IN_FAILED',
  'GOOGLE_EMAIL_UNVERIFIED',
  'GOOGLE_UNAVAILABLE',
  'GOOGLE_NOT_CONFIGURED',
  'REDIRECT_URI_FOREIGN',
  'TOO_MANY_ATTEMPTS',
  // Accounts and codes
  'USER_NOT_FOUND',
  'USERNAME_TAKEN',
  'EMAIL_TAKEN',
  'USERNAME_OR_EMAIL_TAKEN',
  'SAME_USERNAME',
  'ALREADY_VERIFIED',
  'NO_CODE_WAITING',
  'CODE_WRONG',
  'CODE_USED_UP',
  'CODE_EXPIRED',
  'CODE_SENT_RECENTLY',
  'TOO_MANY_CODES',
  'RESET_EXPIRED',
  'INVITE_LINK_INVALID',
  'NOT_SELF',
  // Friends
  'FRIEND_REQUEST_TO_SELF',
  'ALREADY_FRIENDS',
  'FRIEND_REQUEST_ALREADY_SENT',
  'FRIEND_REQUEST_ALREADY_RECEIVED',
  'FRIEND_REQUEST_PENDING',
  'FRIEND_REQUEST_NOT_FOUND',
  'FRIEND_REQUEST_ANSWERED',
  'NOT_FRIENDS',
  // Rooms, invites, dates, chat
  'ROOM_NOT_FOUND',
  'NOT_MEMBER',
  'NOT_HOST',
  'NOT_INVITED',
  'ROOM_CLOSED',
  'ALREADY_STARTED',
  'ALREADY_MEMBER',
  'ALREADY_MEMBER_OR_INVITED',
  'INVITEE_NOT_FRIEND',
  'NO_INVITEES',
  'DECLINED_RECENTLY',
  'HOST_CANNOT_LEAVE',
  'NET_NOT_ZERO',
  'CURRENCY_LOCKED',
  'ALL_ANSWERED',
  'NUDGED_RECENTLY',
  'ROOM_CHANGED',
  'DATE_NOT_PROPOSED',
  'DATE_PASSED',
  'CALENDAR_LINK_INVALID',
  // Guests
  'GUEST_NOT_ALLOWED',
  'GUEST_LINK_INVALID',
  'GUESTS_FULL',
  'NOT_GUEST',
  'GUEST_DEVICE_LINK_INVALID',
  // Bills, transactions, payments
  'BILL_NOT_FOUND',
  'BILL_NOT_YOURS',
  'BILL_NOT_DELETED',
  'RESTORE_EXPIRED',
  'DELETED_ACCOUNT_IN_BILL',
  'NO_BILLS_TO_CONSOLIDATE',
  'TRANSACTION_NOT_FOUND',
  'TRANSACTION_NOT_YOURS',
  'NOT_PAYER',
  'NOT_PAYEE',
  'NOT_PAYMENT_PARTY',
  'ALREADY_SETTLED',
  'UNDO_TOO_LATE',
  'ALREADY_CONFIRMED',
  'NOT_MARKED_PAID',
  'ALREADY_PAID',
  'NOT_OWED',
  'REMINDED_RECENTLY',
  // Pictures
  'PICTURE_UNREADABLE',
  'PICTURE_TOO_MANY_PIXELS',
  'PICTURE_TOO_WIDE',
  'PICTURE_TOO_ELONGATED',
  'PICTURE_TOO_HEAVY',
  'PICTURE_TOO_SLOW',
  'PICTURE_TOO_LARGE',
  'PICTURE_TYPE_UNSUPPORTED',
  'PICTURE_NOT_FOUND',
  'UPLOAD_CANCELLED',
  'UPLOADS_IN_PROGRESS',
  'UPLOAD_QUOTA',
  'PICTURES_BUSY',
  // Notifications and push
  'NOTIFICATION_NOT_FOUND',
  'SUBSCRIPTION_NOT_FOUND',
  'PUSH_ENDPOINT_NOT_HTTPS',
  'PUSH_ENDPOINT_NOT_PUBLIC',
  // Lists
  'STALE_CURSOR',
  // Other services
  'VENUE_SEARCH_UNAVAILABLE',
  // The request itself, and the server
  'NOT_FOUND',
  'ROUTE_NOT_FOUND',
  'WEB_APP_NOT_BUILT',
  'INVALID_JSON',
  'UNSUPPORTED_MEDIA_TYPE',
  'BODY_TOO_LARGE',
  'NUL_CHARACTER',
  'MALFORMED_REQUEST',
  'MISSING_HOST',
  'HEADERS_TOO_LARGE',
  'REQUEST_TIMEOUT',
  'TOO_MANY_REQUESTS',
  'DATABASE_UNAVAILABLE',
  'INTERNAL_ERROR',
] as const;
export const errorReasonSchema = z.enum(errorReasons);
export type ErrorReason = z.infer<typeof errorReasonSchema>;

const REASONS: ReadonlySet<string> = new Set(errorReasons);

/** Whether `value` is a reason this version of the contract knows (a newer server may send others). */
export const isErrorReason = (value: unknown): value is ErrorReason =>
  typeof value === 'string' && REASONS.has(value);
