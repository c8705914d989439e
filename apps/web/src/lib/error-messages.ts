import { t } from '../i18n/i18n';
import { genericErrorMessage, isApiError } from './api-error';

// Shared by the account screens (product-spec §8 "Forgot/reset/edit profile").

/**
 * Where the catalogue only says "bad request", the server's message is shown: it is written to be shown
 * (api-contract §1) and says what to fix. Without one: 'Bad request, please check request body.'.
 */
export function badRequestMessage(error: unknown): string {
  return isApiError(error) && error.message ? error.message : t('errors.badRequest');
}

/** Forgot password, reset password and edit profile; a 409 (username taken) shows the server's message. */
export function accountErrorMessage(error: unknown): string {
  if (!isApiError(error)) return genericErrorMessage();
  if (error.status === 400) return badRequestMessage(error);
  if (error.status === 404) return t('errors.userNotFound');
  if (error.status === 409) return error.message;
  return genericErrorMessage();
}
