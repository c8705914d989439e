import { GENERIC_ERROR_MESSAGE, isApiError } from '../../lib/api-error';

export const PREVIEW_TEXT = {
  signUp: 'Sign up to join',
  logIn: 'Log in',
  join: 'Join',
  closed: 'This outing was closed by its host: it can no longer be joined.',
  past: 'This outing has already taken place: it can no longer be joined.',
  invited: 'You’re invited. Are you going?',
  declined: 'You told the host you can’t make it. You can still join if plans change.',
  notFound: 'Room not found',
  notFoundDetail: 'The link may be wrong, or the room no longer exists.',
} as const;

/** Join or RSVP refused: the server's sentence for a conflict (past, closed, already in), else the catalogue's. */
export function previewActionErrorMessage(error: unknown): string {
  if (!isApiError(error)) return GENERIC_ERROR_MESSAGE;
  if (error.status === 404) return 'Room not found, please try again later.';
  if (error.status === 409 || error.status === 403 || error.status === 400) {
    return error.message || GENERIC_ERROR_MESSAGE;
  }
  return GENERIC_ERROR_MESSAGE;
}
