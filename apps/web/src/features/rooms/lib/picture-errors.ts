import { genericErrorMessage, isApiError } from '../../../lib/api-error';
import { t } from '../../../i18n/i18n';
import { pictureTooLarge, pictureUnreadable } from './picture-file';

/** The sentence shown beside the picker when an upload fails: the server's own where it wrote one. */
export function pictureUploadErrorMessage(error: unknown): string {
  if (!isApiError(error)) return genericErrorMessage();
  if (error.status === 0)
    return error.code === 'NETWORK_ERROR' ? t('rooms.picture.network') : genericErrorMessage();
  const own = error.code === 'INVALID_RESPONSE' ? '' : error.message;
  if (error.status === 413) return own || pictureTooLarge();
  if (error.status === 415 || error.status === 400) return own || pictureUnreadable();
  if (error.status === 429) return own || t('rooms.picture.tooMany');
  return genericErrorMessage();
}
