import { GENERIC_ERROR_MESSAGE, isApiError } from '../../lib/api-error';
import type { TransactionChange } from './api/change-transaction';

// Issue #19 (pay from the app; both sides agree).

export const HANDLES_NOTE = 'Your handles are shown only to people who owe you money.';
export const HANDLES_SAVED = 'Payment handles saved';
export const HANDLES_LOAD_FAILED = 'Could not load your payment handles.';
export const NO_HANDLES = 'No payment handles yet';
export const OPTIONS_LOAD_FAILED = 'Could not load how to pay.';
export const NO_OPTIONS_TITLE = 'No payment handles';
export const NO_OPTIONS = 'Ask them how they want to be paid.';
export const DETAIL_LOAD_FAILED = 'Could not load this payment.';
export const UNDO_TOO_LATE = 'This payment can no longer be undone.';

export const CHANGE_SUCCESS: Record<TransactionChange, string> = {
  confirm: 'Payment confirmed',
  dispute: 'Marked as not received',
  undo: 'Payment undone',
};

/** A refused step: an undo too late has its own text; otherwise the server's message, which says why. */
export function changeErrorMessage(change: TransactionChange, error: unknown): string {
  if (!isApiError(error) || error.status === 0) return GENERIC_ERROR_MESSAGE;
  if (change === 'undo' && error.status === 409) return UNDO_TOO_LATE;
  if (error.status >= 500) return GENERIC_ERROR_MESSAGE;
  return error.message || GENERIC_ERROR_MESSAGE;
}

/** A save refused as a whole (not a field's 400). */
export function saveErrorMessage(error: unknown): string {
  if (!isApiError(error) || error.status === 0 || error.status >= 500) return GENERIC_ERROR_MESSAGE;
  return error.message || GENERIC_ERROR_MESSAGE;
}
