import { t } from '@/lib/i18n/i18n';
import { genericErrorMessage, isApiError, refusalText } from '@/lib/api-error';

// docs/product.md#failed-calls (Pay and Remind); the texts are the catalogue's `transactions.*`.

/** 'Failed to settle transaction: {error}', the error being why the server refused (from its reason). */
export function settleErrorMessage(error: unknown): string {
  const reason = isApiError(error) ? refusalText(error) : genericErrorMessage();
  return t('transactions.settleFailed', { reason });
}

/** 400 has a fixed text; a 429 (once an hour) says so (from its reason); else the generic one. */
export function reminderErrorMessage(error: unknown): string {
  if (!isApiError(error)) return t('transactions.reminderFailed');
  if (error.status === 400) return t('errors.badRequest');
  if (error.status === 429) return refusalText(error, () => t('transactions.reminderFailed'));
  return t('transactions.reminderFailed');
}
