import { t } from '@/lib/i18n/i18n';
import { isApiError } from '@/lib/api-error';

// Texts of docs/product.md#failed-calls (chat), in the interface's language when called.

/** Chat send: 400 'Invalid message', 404 'Room / User not found', anything else 'Failed to send message'. */
export function sendErrorMessage(error: unknown): string {
  if (isApiError(error) && error.status === 400) return t('chat.invalidMessage');
  if (isApiError(error) && error.status === 404) return t('chat.roomOrUserNotFound');
  return t('chat.failedToSend');
}
