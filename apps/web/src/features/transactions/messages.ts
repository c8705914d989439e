import { t } from '../../i18n/i18n';
import { genericErrorMessage, isApiError } from '../../lib/api-error';

// Product-spec §8 (settle, reminder); the texts are the catalogue's `transactions.*`.

/** 'Failed to settle transaction: {error}', the error being what the server said (it says why). */
export function settleErrorMessage(error: unknown): string {
  const reason = isApiError(error) && error.message ? error.message : genericErrorMessage();
  return t('transactions.settleFailed', { reason });
}

/** 400 has a fixed text; a 429 (once an hour) shows the server's message, which says when; else the generic one. */
export function reminderErrorMessage(error: unknown): string {
  if (!isApiError(error)) return t('transactions.reminderFailed');
  if (error.status === 400) return t('errors.badRequest');
  if (error.status === 429) return error.message || t('transactions.reminderFailed');
  return t('transactions.reminderFailed');
}
