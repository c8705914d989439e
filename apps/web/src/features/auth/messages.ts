import { GENERIC_ERROR_MESSAGE, isApiError } from '../../lib/api-error';
import { BAD_REQUEST_MESSAGE, USER_NOT_FOUND_MESSAGE, badRequestMessage } from '../../lib/error-messages';

export { accountErrorMessage } from '../../lib/error-messages';

// What each screen shows for a failed call: product-spec §8, word for word. Where the catalogue only says "bad
// request", the server's own message is shown (see `badRequestMessage`), e.g. "That code has expired. Ask for a
// new one.".

export const LOGIN_ERRORS = {
  badRequest: BAD_REQUEST_MESSAGE,
  invalidCredentials: 'Invalid username or password.',
  generic: GENERIC_ERROR_MESSAGE,
} as const;

export const SIGNUP_ERRORS = {
  badRequest: 'Bad request. Please check request body.',
  conflict: 'Username or email already exists.',
  generic: 'An error occurred. Please try again later.',
} as const;

export const ACCOUNT_ERRORS = {
  userNotFound: USER_NOT_FOUND_MESSAGE,
  alreadyVerified: 'User already verified.',
} as const;

export const GOOGLE_ERRORS = {
  stateMismatch: 'We could not confirm this Google sign-in came from you. Please try again.',
  denied: 'Google sign-in was cancelled. Please try again.',
} as const;

export const RESET_ERRORS = {
  missingGrant: 'This password reset has expired. Please start again.',
} as const;

export const AUTH_SUCCESS = {
  emailVerified: 'Email verified successfully!',
  codeAccepted: 'Code accepted. Choose a new password.',
  codeSent: 'A new code is on its way.',
  passwordReset: 'Password reset successfully!',
} as const;

function statusOf(error: unknown): number | null {
  return isApiError(error) ? error.status : null;
}

export function loginErrorMessage(error: unknown): string {
  const status = statusOf(error);
  if (status === 400) return LOGIN_ERRORS.badRequest;
  if (status === 401 || status === 404) return LOGIN_ERRORS.invalidCredentials;
  return LOGIN_ERRORS.generic;
}

/** The sign-in provider flow: a refused code (401) says why; everything else is the login's generic text. */
export function googleLoginErrorMessage(error: unknown): string {
  const status = statusOf(error);
  if (status === 400) return LOGIN_ERRORS.badRequest;
  if (status === 401 && isApiError(error)) return error.message;
  return LOGIN_ERRORS.generic;
}

export function signupErrorMessage(error: unknown): string {
  const status = statusOf(error);
  if (status === 409) return SIGNUP_ERRORS.conflict;
  if (status === 400) return SIGNUP_ERRORS.badRequest;
  return SIGNUP_ERRORS.generic;
}

export function verifyErrorMessage(error: unknown): string {
  const status = statusOf(error);
  if (status === 400) return badRequestMessage(error);
  if (status === 404) return ACCOUNT_ERRORS.userNotFound;
  return GENERIC_ERROR_MESSAGE;
}

/** Asking for a code (resend, or the fresh code of an unverified login). A 429 says how long to wait. */
export function requestCodeErrorMessage(error: unknown): string {
  const status = statusOf(error);
  if (status === 400) return badRequestMessage(error);
  if (status === 404) return ACCOUNT_ERRORS.userNotFound;
  if (status === 409) return ACCOUNT_ERRORS.alreadyVerified;
  if (status === 429 && isApiError(error)) return error.message;
  return GENERIC_ERROR_MESSAGE;
}
