import { GENERIC_ERROR_MESSAGE, isApiError } from '../../lib/api-error';

// Product-spec §5 (create bill), §7 and §8 (create bill, split bill).

export const BILL_NAME_REQUIRED = 'Bill Name is required';
export const BILL_NAME_TOO_LONG = 'Bill Name must be at most 60 characters';
export const CHOOSE_PAYER = 'Choose at least one payer';
export const BILL_CREATED = 'Bill created successfully!';
export const CREATE_BILL_INVALID = 'Invalid data';
export const CREATE_BILL_NOT_FOUND = 'Room or user not found';
export const BILL_CONSOLIDATED = 'Bill consolidated successfully';
export const FETCH_BILL_FAILED = 'Failed to fetch bill';
export const CONSOLIDATE_FAILED = 'Failed to consolidate bill';
export const BILL_DELETED = 'Bill deleted';
export const DELETE_BILL_FAILED = 'Failed to delete bill';

/** The create-bill form's fields, as the server's issues name them (`amount`, or `body.amount`). */
export type BillField = 'name' | 'amount' | 'payers';

export function issueField(path: string): BillField | null {
  const first = path.replace(/^body\./, '').split('.')[0];
  return first === 'name' || first === 'amount' || first === 'payers' ? first : null;
}

/** 400 'Invalid data' (the issues go to their fields), 404 'Room or user not found', anything else generic. */
export function createBillErrorMessage(error: unknown): string {
  if (!isApiError(error)) return GENERIC_ERROR_MESSAGE;
  if (error.status === 400) return CREATE_BILL_INVALID;
  if (error.status === 404) return CREATE_BILL_NOT_FOUND;
  return GENERIC_ERROR_MESSAGE;
}
