import { genericErrorMessage, isApiError, refusalText } from '@/lib/api-error';
import { t } from '@/lib/i18n/i18n';

// docs/product.md#form-rules, #calls and #failed-calls (bills and the Money section): the texts are in the `bills`
// catalogue (bills.billCreated, bills.createInvalid, …); these pick the one that says why a call failed.

/** 400 'Invalid data' (the issues go to their fields), 404 'Room or user not found', anything else generic. */
export function createBillErrorMessage(error: unknown): string {
  if (!isApiError(error)) return genericErrorMessage();
  if (error.status === 400) return t('bills.createInvalid');
  if (error.status === 404) return t('bills.createNotFound');
  return genericErrorMessage();
}

/**
 * A failed save's text. Creating follows docs/product.md#failed-calls (404 'Room or user not found', anything else
 * generic); editing also says why a 403 or a 409 (consolidated meanwhile) refused it.
 */
export function saveBillErrorMessage(error: unknown, editing: boolean): string {
  if (editing && isApiError(error)) {
    if (error.status === 409) return t('bills.billConsolidatedMeanwhile');
    if (error.status === 403 || error.status === 404) return refusalText(error);
  }
  return createBillErrorMessage(error);
}
