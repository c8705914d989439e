import { t } from '../../i18n/i18n';
import { genericErrorMessage, isApiError } from '../../lib/api-error';

/** Join or RSVP refused: the server's sentence for a conflict (past, closed, already in), else the catalogue's. */
export function previewActionErrorMessage(error: unknown): string {
  if (!isApiError(error)) return genericErrorMessage();
  if (error.status === 404) return t('preview.errors.notFound');
  if (error.status === 409 || error.status === 403 || error.status === 400) {
    return error.message || genericErrorMessage();
  }
  return genericErrorMessage();
}
