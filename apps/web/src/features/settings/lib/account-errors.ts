import { t } from '@/lib/i18n/i18n';
import { genericErrorMessage, isApiError, refusalText } from '@/lib/api-error';

/**
 * What the account forms show for a refused call: why, for a 400 (e.g. "That password is not right. Check it and
 * try again.") and for a 429 (how long to wait), from its reason or else the server's sentence; else the generic text.
 */
export function accountActionError(error: unknown): string {
  if (!isApiError(error)) return genericErrorMessage();
  if (error.status === 400) return refusalText(error, () => t('errors.badRequest'));
  if (error.status === 429) return refusalText(error);
  return genericErrorMessage();
}
