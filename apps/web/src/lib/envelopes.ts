import { errorCodes, type ErrorCode, type Issue } from '@outing/contract';

// The envelope of every answer (api-contract §1), read by hand: the API client needs no zod for it (decision 015).

const CODES: ReadonlySet<string> = new Set(errorCodes);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isIssue = (value: unknown): value is Issue =>
  isRecord(value) && typeof value.path === 'string' && typeof value.message === 'string';

export interface ErrorEnvelope {
  code: ErrorCode;
  message: string;
  issues?: Issue[];
}

/** `{status: "error", message, code, data: null, issues?}` with a code of the contract, else null. */
export function readErrorEnvelope(payload: unknown): ErrorEnvelope | null {
  if (!isRecord(payload) || payload.status !== 'error' || payload.data !== null) return null;
  const { message, code, issues } = payload;
  if (typeof message !== 'string' || typeof code !== 'string' || !CODES.has(code)) return null;
  if (issues === undefined) return { code: code as ErrorCode, message };
  if (!Array.isArray(issues) || !issues.every(isIssue)) return null;
  return {
    code: code as ErrorCode,
    message,
    issues: issues.map(({ path, message: m }) => ({ path, message: m })),
  };
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
