import { genericErrorMessage, isApiError, refusalText } from '@/lib/api-error';
import { t } from '@/lib/i18n/i18n';
import { pictureTooLarge, pictureUnreadable } from './picture-file';

/** The sentence shown beside the picker when an upload fails: why, from the refusal's reason, where it said. */
export function pictureUploadErrorMessage(error: unknown): string {
  if (!isApiError(error)) return genericErrorMessage();
  if (error.status === 0)
    return error.code === 'NETWORK_ERROR' ? t('rooms.picture.network') : genericErrorMessage();
  const own = error.code === 'INVALID_RESPONSE' ? '' : refusalText(error, () => '');
  if (error.status === 413) return own || pictureTooLarge();
  if (error.status === 415 || error.status === 400) return own || pictureUnreadable();
  if (error.status === 429) return own || t('rooms.picture.tooMany');
  // Too many pictures being read at once on the server (the decode queue is full): worth trying again shortly.
  if (error.status === 503) return own || t('rooms.picture.busy');
  return genericErrorMessage();
}
