import { t } from '@/lib/i18n/i18n';
import { genericErrorMessage, isApiError, refusalText } from '@/lib/api-error';

// docs/product.md#failed-calls (friends); the texts are the catalogue's `friends.errors.*`.

/** Send, answer or remove: 400 and 404 have fixed texts; a 409 says why (from its reason). */
export function friendActionErrorMessage(error: unknown): string {
  if (!isApiError(error)) return genericErrorMessage();
  switch (error.status) {
    case 400:
      return t('friends.errors.badRequest');
    case 404:
      return t('friends.errors.notFound');
    case 409:
      return refusalText(error);
    default:
      return genericErrorMessage();
  }
}
