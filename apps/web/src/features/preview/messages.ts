import { t } from '@/lib/i18n/i18n';
import { genericErrorMessage, isApiError, refusalText } from '@/lib/api-error';

/** Join or RSVP refused: why, from the reason of a conflict (past, closed, already in), else the catalogue's. */
export function previewActionErrorMessage(error: unknown): string {
  if (!isApiError(error)) return genericErrorMessage();
  if (error.status === 404) return t('preview.errors.notFound');
  if (error.status === 409 || error.status === 403 || error.status === 400) {
    return refusalText(error);
  }
  return genericErrorMessage();
}
