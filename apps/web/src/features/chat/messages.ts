import { isApiError } from '../../lib/api-error';

// Texts of product-spec §8 (chat rows) and of the chat screen.

export const INVALID_MESSAGE = 'Invalid message';
export const ROOM_OR_USER_NOT_FOUND = 'Room / User not found';
export const FAILED_TO_SEND = 'Failed to send message';
export const FAILED_TO_FETCH = 'Failed to fetch messages';

/** Chat send: 400 'Invalid message', 404 'Room / User not found', anything else 'Failed to send message'. */
export function sendErrorMessage(error: unknown): string {
  if (isApiError(error) && error.status === 400) return INVALID_MESSAGE;
  if (isApiError(error) && error.status === 404) return ROOM_OR_USER_NOT_FOUND;
  return FAILED_TO_SEND;
}
