import { GENERIC_ERROR_MESSAGE, isApiError } from '../../lib/api-error';

/** A failed plan call: the server's own sentence where it wrote one for people (400, 403, 404, 409, 429). */
export function planErrorMessage(error: unknown): string {
  if (!isApiError(error)) return GENERIC_ERROR_MESSAGE;
  if ([400, 403, 404, 409, 429].includes(error.status) && error.message) return error.message;
  return GENERIC_ERROR_MESSAGE;
}

export const RSVP_LABELS = { going: 'Going', maybe: 'Maybe', declined: "Can't" } as const;

export const PASSED = 'This outing has passed';
export const LINK_COPIED = 'Link copied';
export const CALENDAR_FAILED = 'Could not download the calendar file. Please try again.';

/** The server's 409 for joining or answering once the outing has started (the same text on every route). */
export const ALREADY_STARTED = 'This outing has already started.';

/** A join refused because the outing has started says so; anything else keeps the join's catalogue text. */
export function joinFailure(error: unknown, catalogue: (error: unknown) => string): string {
  if (isApiError(error) && error.status === 409 && error.message === ALREADY_STARTED) return error.message;
  return catalogue(error);
}
