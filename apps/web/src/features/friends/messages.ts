import { GENERIC_ERROR_MESSAGE, isApiError } from '../../lib/api-error';

// Product-spec §2 and §8 ("Friend actions").

export const NO_USERS_FOUND = 'No users found';
export const FRIEND_ACTION_BAD_REQUEST = 'bad request';
export const FRIEND_ACTION_NOT_FOUND = 'User not found, please try again later.';

/** Send, answer or remove: 400 and 404 have fixed texts; a 409 shows the server's message (it says why). */
export function friendActionErrorMessage(error: unknown): string {
  if (!isApiError(error)) return GENERIC_ERROR_MESSAGE;
  switch (error.status) {
    case 400:
      return FRIEND_ACTION_BAD_REQUEST;
    case 404:
      return FRIEND_ACTION_NOT_FOUND;
    case 409:
      return error.message || GENERIC_ERROR_MESSAGE;
    default:
      return GENERIC_ERROR_MESSAGE;
  }
}
