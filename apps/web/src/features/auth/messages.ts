import { t } from '@/lib/i18n/i18n';
import { genericErrorMessage, isApiError, refusalText } from '@/lib/api-error';
import { badRequestMessage } from '@/lib/error-messages';

export { accountErrorMessage } from '@/lib/error-messages';

// What each screen shows for a failed call (docs/product.md#failed-calls), word for word in English (the catalogue's
// `auth.errors` and `errors`). Where the catalogue only says "bad request", the refusal is said from its reason (see
// `badRequestMessage`), e.g. "That code has expired. Ask for a new one." (CODE_EXPIRED).

function statusOf(error: unknown): number | null {
  return isApiError(error) ? error.status : null;
}

export function loginErrorMessage(error: unknown): string {
  const status = statusOf(error);
  if (status === 400) return t('errors.badRequest');
  if (status === 401 || status === 404) return t('auth.errors.invalidCredentials');
  return genericErrorMessage();
}

/** The sign-in provider flow: a refused code (401) says why; everything else is the login's generic text. */
export function googleLoginErrorMessage(error: unknown): string {
  const status = statusOf(error);
  if (status === 400) return t('errors.badRequest');
  if (status === 401 && isApiError(error)) return refusalText(error);
  return genericErrorMessage();
}

export function signupErrorMessage(error: unknown): string {
  const status = statusOf(error);
  if (status === 409) return t('auth.errors.signupConflict');
  if (status === 400) return t('auth.errors.signupBadRequest');
  return t('auth.errors.signupGeneric');
}

export function verifyErrorMessage(error: unknown): string {
  const status = statusOf(error);
  if (status === 400) return badRequestMessage(error);
  if (status === 404) return t('errors.userNotFound');
  return genericErrorMessage();
}

/** Asking for a code (resend, or the fresh code of an unverified login). A 429 says how long to wait. */
export function requestCodeErrorMessage(error: unknown): string {
  const status = statusOf(error);
  if (status === 400) return badRequestMessage(error);
  if (status === 404) return t('errors.userNotFound');
  if (status === 409) return t('auth.errors.alreadyVerified');
  if (status === 429 && isApiError(error)) return refusalText(error);
  return genericErrorMessage();
}
