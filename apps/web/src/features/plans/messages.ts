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
