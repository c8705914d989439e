import type { ErrorCode, ErrorReason, Issue } from '@outing/contract';
import { getLanguage, hasMessage, t } from './i18n/i18n';
import type { MessageKey } from './i18n/keys';

/**
 * Shown when the server cannot be reached or answers something that is not our envelope ('An error occurred,
 * please try again later.'), in the interface's language at the time of the call.
 */
export const genericErrorMessage = (): string => t('errors.generic');

/** The contract's codes, plus two for failures that never reached a well-formed answer (status 0). */
export type ApiErrorCode = ErrorCode | 'NETWORK_ERROR' | 'INVALID_RESPONSE';

/** Every failed call rejects with this (kept apart from the client so the start-up bundle needs no zod). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  /** Which refusal, as the server named it (decision 021); null when it named none. */
  readonly reason: string | null;
  readonly issues: Issue[];
  /** Top-level fields of the error body beyond the envelope, e.g. `email` of `EMAIL_NOT_VERIFIED`. */
  readonly details: Readonly<Record<string, unknown>>;
  /** Seconds from a `Retry-After` header (429), else null. */
  readonly retryAfterSeconds: number | null;

  constructor(init: {
    status: number;
    code: ApiErrorCode;
    message: string;
    reason?: string | null;
    issues?: Issue[];
    details?: Record<string, unknown>;
    retryAfterSeconds?: number | null;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.reason = init.reason ?? null;
    this.issues = init.issues ?? [];
    this.details = Object.freeze({ ...init.details });
    this.retryAfterSeconds = init.retryAfterSeconds ?? null;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** `ROOM_CLOSED` → `roomClosed`, at the type level: the key of a reason's text in the `reasons` catalogue. */
type Camel<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Lowercase<Head>}${Capitalize<Camel<Tail>>}`
  : Lowercase<S>;
type ReasonKey = `reasons.${Camel<ErrorReason>}`;
/** Every reason of the contract has its text in the catalogues: one without fails the typecheck here. */
const everyReasonHasText: ReasonKey extends MessageKey ? true : never = true;
void everyReasonHasText;

const reasonKey = (reason: string) =>
  `reasons.${reason.toLowerCase().replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())}` as ReasonKey;

/**
 * Reasons whose server sentence says more than the reason: it names people, amounts, times, or the action refused
 * ("Only the host can edit this room."). The English interface shows that sentence; other languages say the
 * reason's general text.
 */
const SAYS_MORE: ReadonlySet<string> = new Set<ErrorReason>([
  'NET_NOT_ZERO',
  'DECLINED_RECENTLY',
  'ALREADY_FRIENDS',
  'FRIEND_REQUEST_ALREADY_SENT',
  'FRIEND_REQUEST_ALREADY_RECEIVED',
  'FRIEND_REQUEST_PENDING',
  'CODE_SENT_RECENTLY',
  'NUDGED_RECENTLY',
  'UPLOAD_QUOTA',
  'BILL_NOT_YOURS',
  'NOT_HOST',
  'NOT_SELF',
  'NOT_PAYER',
  'NOT_PAYEE',
  'ROOM_NOT_FOUND',
  'USER_NOT_FOUND',
  'ROOM_CHANGED',
  'VENUE_SEARCH_UNAVAILABLE',
  'MALFORMED_REQUEST',
  'STALE_CURSOR',
]);

/**
 * A server refusal in the interface's language, from its reason (decision 021): the `reasons` catalogue's text,
 * or the server's own sentence for a reason this app does not know (a newer server's) or a refusal without one;
 * `otherwise` (the generic text) when there is neither. Never compare `message`: ask `error.reason`.
 */
export function refusalText(error: ApiError, otherwise: () => string = genericErrorMessage): string {
  const { reason } = error;
  // The catalogue says which reasons the app knows: the contract's list stays out of the start-up bundle.
  if (!reason || !hasMessage(reasonKey(reason))) return error.message || otherwise();
  if (SAYS_MORE.has(reason) && getLanguage() === 'en' && error.message) return error.message;
  return t(reasonKey(reason));
}
