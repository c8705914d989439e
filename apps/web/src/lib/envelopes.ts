import { errorCodes, type ErrorCode, type Issue } from '@outing/contract';

// The envelope of every answer (docs/api/README.md#envelope), read by hand: the API client needs no zod for it (decision 015).

const CODES: ReadonlySet<string> = new Set(errorCodes);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isIssue = (value: unknown): value is Issue =>
  isRecord(value) && typeof value.path === 'string' && typeof value.message === 'string';

export interface ErrorEnvelope {
  code: ErrorCode;
  message: string;
  /** Which refusal (decision 021): kept as sent, a reason this app does not know included (a newer server's). */
  reason?: string;
  issues?: Issue[];
}

/** A reason as the contract writes them (SCREAMING_SNAKE); anything else is ignored. */
const REASON = /^[A-Z][A-Z0-9_]{0,63}$/;

/** `{status: "error", message, code, reason?, data: null, issues?}` with a code of the contract, else null. */
export function readErrorEnvelope(payload: unknown): ErrorEnvelope | null {
  if (!isRecord(payload) || payload.status !== 'error' || payload.data !== null) return null;
  const { message, code, issues, reason } = payload;
  if (typeof message !== 'string' || typeof code !== 'string' || !CODES.has(code)) return null;
  const envelope: ErrorEnvelope = { code: code as ErrorCode, message };
  if (typeof reason === 'string' && REASON.test(reason)) envelope.reason = reason;
  if (issues === undefined) return envelope;
  if (!Array.isArray(issues) || !issues.every(isIssue)) return null;
  envelope.issues = issues.map(({ path, message: m }) => ({ path, message: m }));
  return envelope;
}

export interface SuccessEnvelope {
  message: string;
  data: unknown;
  token?: string;
}

/** `{status: "success", message, data, token?}`, else null (`data` is the call's to check). */
export function readSuccessEnvelope(payload: unknown): SuccessEnvelope | null {
  if (!isRecord(payload) || payload.status !== 'success' || typeof payload.message !== 'string') return null;
  if (!('data' in payload)) return null;
  const { message, data, token } = payload;
  if (token !== undefined && typeof token !== 'string') return null;
  return token === undefined ? { message, data } : { message, data, token };
}
