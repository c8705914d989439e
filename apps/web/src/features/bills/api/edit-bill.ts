import { useMutation } from '@tanstack/react-query';
import {
  billEndpoints,
  type Bill,
  type BillCategory,
  type PaidByInput,
  type SplitInput,
} from '@outing/contract';
import { api } from '@/lib/api-client';
import { useBillSaved } from './create-bill';

/** Any of the fields; what is left out stays (docs/api/README.md#bills). */
export interface EditBillInput {
  id: number;
  name?: string;
  amount?: number;
  paidBy?: PaidByInput;
  split?: SplitInput;
  /** Issue 36: null clears it. */
  category?: BillCategory | null;
  note?: string | null;
  receiptPictureId?: string | null;
}

/**
 * PATCH /v1/bills/{id}: 400 (issues name the field), 403 not its creator, payer or the host, 404 unknown, 409 the
 * bill was consolidated meanwhile.
 */
export function editBill({ id, ...body }: EditBillInput): Promise<Bill> {
  return api.call(billEndpoints.edit, { params: { id }, body });
}

export function useEditBill() {
  const onSuccess = useBillSaved();
  return useMutation({ mutationFn: editBill, onSuccess });
}
