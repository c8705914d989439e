import { t } from '../../i18n/i18n';
import { genericErrorMessage, isApiError } from '../../lib/api-error';

/** A failed plan call: the server's own sentence where it wrote one for people (400, 403, 404, 409, 429). */
export function planErrorMessage(error: unknown): string {
  if (!isApiError(error)) return genericErrorMessage();
  if ([400, 403, 404, 409, 429].includes(error.status) && error.message) return error.message;
  return genericErrorMessage();
}

/**
 * The server's 409 for joining or answering once the outing has started (the same text on every route): matched
 * as the server writes it, shown in the interface's language.
 */
const ALREADY_STARTED = 'This outing has already started.'; // i18n-ignore: the server's text, compared

/** A join refused because the outing has started says so; anything else keeps the join's catalogue text. */
export function joinFailure(error: unknown, catalogue: (error: unknown) => string): string {
  if (isApiError(error) && error.status === 409 && error.message === ALREADY_STARTED) {
    return t('plans.alreadyStarted');
  }
  return catalogue(error);
}
