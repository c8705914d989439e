import { GENERIC_ERROR_MESSAGE, isApiError } from '../../lib/api-error';

// Product-spec §2 (home) and §8 (settle, reminder).

export const NO_BILLS_TO_PAY = 'No bills to pay';
export const NO_BILLS_TO_RECEIVE = 'No bills to receive';
export const SETTLE_SUCCESS = 'Transaction settled successfully!';
export const REMINDER_SUCCESS = 'Reminder created successfully!';
export const REMINDER_BAD_REQUEST = 'Bad request, please check request body.';
export const REMINDER_FAILED = 'Failed to create reminder';
export const TRANSACTIONS_LOAD_FAILED = 'Could not load your payments.';

/** 'Failed to settle transaction: {error}', the error being what the server said (it says why). */
export function settleErrorMessage(error: unknown): string {
  const reason = isApiError(error) && error.message ? error.message : GENERIC_ERROR_MESSAGE;
  return `Failed to settle transaction: ${reason}`;
}

/** 400 has a fixed text; a 429 (once an hour) shows the server's message, which says when; else the generic one. */
export function reminderErrorMessage(error: unknown): string {
  if (!isApiError(error)) return REMINDER_FAILED;
  if (error.status === 400) return REMINDER_BAD_REQUEST;
  if (error.status === 429) return error.message || REMINDER_FAILED;
  return REMINDER_FAILED;
}
