import { t } from './i18n/i18n';
import { genericErrorMessage, isApiError, refusalText } from './api-error';

// Shared by the account screens (docs/product.md#failed-calls: forgot / reset password, edit profile).

/**
 * Where the catalogue only says "bad request", the refusal is said from its reason (the server's message for a
 * reason this app does not know): it says what to fix. Without either: 'Bad request, please check request body.'.
 */
export function badRequestMessage(error: unknown): string {
  return isApiError(error) ? refusalText(error, () => t('errors.badRequest')) : t('errors.badRequest');
}

/** Forgot password, reset password and edit profile; a 409 (username taken) says why, from its reason. */
export function accountErrorMessage(error: unknown): string {
  if (!isApiError(error)) return genericErrorMessage();
  if (error.status === 400) return badRequestMessage(error);
  if (error.status === 404) return t('errors.userNotFound');
  if (error.status === 409) return refusalText(error);
  return genericErrorMessage();
}
