import { t } from '@/lib/i18n/i18n';
import { genericErrorMessage, isApiError, refusalText } from '@/lib/api-error';

/** A failed plan call: what the server refused, by its reason, where it said why (400, 403, 404, 409, 429). */
export function planErrorMessage(error: unknown): string {
  if (!isApiError(error)) return genericErrorMessage();
  if ([400, 403, 404, 409, 429].includes(error.status)) return refusalText(error);
  return genericErrorMessage();
}

/** A join refused because the outing has started says so; anything else keeps the join's catalogue text. */
export function joinFailure(error: unknown, catalogue: (error: unknown) => string): string {
  if (isApiError(error) && error.reason === 'ALREADY_STARTED') return t('plans.alreadyStarted');
  return catalogue(error);
}
