import { GENERIC_ERROR_MESSAGE, isApiError } from '../../../lib/api-error';
import { PICTURE_TOO_LARGE, PICTURE_UNREADABLE } from './picture-file';

export const PICTURE_NETWORK = 'Could not upload the photo. Check your connection and try again.';
export const PICTURE_TOO_MANY = 'You have uploaded many photos just now. Try again a little later.';

/** The sentence shown beside the picker when an upload fails: the server's own where it wrote one. */
export function pictureUploadErrorMessage(error: unknown): string {
  if (!isApiError(error)) return GENERIC_ERROR_MESSAGE;
  if (error.status === 0) return error.code === 'NETWORK_ERROR' ? PICTURE_NETWORK : GENERIC_ERROR_MESSAGE;
  const own = error.code === 'INVALID_RESPONSE' ? '' : error.message;
  if (error.status === 413) return own || PICTURE_TOO_LARGE;
  if (error.status === 415 || error.status === 400) return own || PICTURE_UNREADABLE;
  if (error.status === 429) return own || PICTURE_TOO_MANY;
  return GENERIC_ERROR_MESSAGE;
}
