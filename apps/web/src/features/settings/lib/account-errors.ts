import { t } from '../../../i18n/i18n';
import { genericErrorMessage, isApiError } from '../../../lib/api-error';

/**
 * What the account forms show for a refused call: the server's own sentence for a 400 (written for the form, e.g.
 * "That password is not right. Check it and try again.") and for a 429 (how long to wait), else the generic text.
 */
export function accountActionError(error: unknown): string {
  if (!isApiError(error)) return genericErrorMessage();
  if ((error.status === 400 || error.status === 429) && error.message) return error.message;
  if (error.status === 400) return t('errors.badRequest');
  return genericErrorMessage();
}
