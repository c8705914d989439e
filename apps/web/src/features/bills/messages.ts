import { GENERIC_ERROR_MESSAGE, isApiError } from '../../lib/api-error';

// Product-spec §5 (create bill), §7 and §8 (create bill, split bill).

export const BILL_NAME_REQUIRED = 'Bill Name is required';
export const BILL_NAME_TOO_LONG = 'Bill Name must be at most 60 characters';
export const BILL_CREATED = 'Bill created successfully!';
export const BILL_UPDATED = 'Bill updated';
export const BILL_CONSOLIDATED_MEANWHILE =
  'This bill was consolidated meanwhile, so it can no longer be changed.';
export const CREATE_BILL_INVALID = 'Invalid data';
export const CREATE_BILL_NOT_FOUND = 'Room or user not found';
export const BILL_CONSOLIDATED = 'Bill consolidated successfully';
export const FETCH_BILL_FAILED = 'Failed to fetch bill';
export const CONSOLIDATE_FAILED = 'Failed to consolidate bill';
export const BILL_DELETED = 'Bill deleted';
export const DELETE_BILL_FAILED = 'Failed to delete bill';

/** 400 'Invalid data' (the issues go to their fields), 404 'Room or user not found', anything else generic. */
export function createBillErrorMessage(error: unknown): string {
  if (!isApiError(error)) return GENERIC_ERROR_MESSAGE;
  if (error.status === 400) return CREATE_BILL_INVALID;
  if (error.status === 404) return CREATE_BILL_NOT_FOUND;
  return GENERIC_ERROR_MESSAGE;
}

/**
 * A failed save's text. Creating follows product-spec §8 (404 'Room or user not found', anything else generic);
 * editing also says why a 403 or a 409 (consolidated meanwhile) refused it.
 */
export function saveBillErrorMessage(error: unknown, editing: boolean): string {
  if (editing && isApiError(error)) {
    if (error.status === 409) return BILL_CONSOLIDATED_MEANWHILE;
    if (error.status === 403 || error.status === 404) return error.message;
  }
  return createBillErrorMessage(error);
}
