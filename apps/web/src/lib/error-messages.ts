import { GENERIC_ERROR_MESSAGE, isApiError } from './api-error';

// Shared by the account screens (product-spec §8 "Forgot/reset/edit profile").

export const BAD_REQUEST_MESSAGE = 'Bad request, please check request body.';
export const USER_NOT_FOUND_MESSAGE = 'User not found.';

/**
 * Where the catalogue only says "bad request", the server's message is shown: it is written to be shown
 * (api-contract §1) and says what to fix.
 */
export function badRequestMessage(error: unknown): string {
  return isApiError(error) && error.message ? error.message : BAD_REQUEST_MESSAGE;
}

/** Forgot password, reset password and edit profile; a 409 (username taken) shows the server's message. */
export function accountErrorMessage(error: unknown): string {
  if (!isApiError(error)) return GENERIC_ERROR_MESSAGE;
  if (error.status === 400) return badRequestMessage(error);
  if (error.status === 404) return USER_NOT_FOUND_MESSAGE;
  if (error.status === 409) return error.message;
  return GENERIC_ERROR_MESSAGE;
}
