import { genericErrorMessage, isApiError, refusalText } from '@/lib/api-error';
import { t } from '@/lib/i18n/i18n';
import type { MessageKey } from '@/lib/i18n/keys';
import type { TransactionChange } from './api/change-transaction';

// Issue #19 (pay from the app; both sides agree). The words are in the `payments` catalogue.

/** The toast after a step went through. */
export const CHANGE_SUCCESS: Record<TransactionChange, MessageKey> = {
  confirm: 'payments.changed.confirm',
  dispute: 'payments.changed.dispute',
  undo: 'payments.changed.undo',
};

/** A refused step: an undo too late has its own text; otherwise why, from the refusal's reason. */
export function changeErrorMessage(change: TransactionChange, error: unknown): string {
  if (!isApiError(error) || error.status === 0) return genericErrorMessage();
  if (change === 'undo' && error.status === 409) return t('payments.undoTooLate');
  if (error.status >= 500) return genericErrorMessage();
  return refusalText(error);
}

/** A save refused as a whole (not a field's 400). */
export function saveErrorMessage(error: unknown): string {
  if (!isApiError(error) || error.status === 0 || error.status >= 500) return genericErrorMessage();
  return refusalText(error);
}
