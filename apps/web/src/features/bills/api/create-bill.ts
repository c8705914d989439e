import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  billEndpoints,
  type Bill,
  type BillCategory,
  type PaidByInput,
  type SplitInput,
} from '@outing/contract';
import { api } from '@/lib/api-client';
import { flattenPages, prependToCursorPages, updateCursorPages, type CursorPages } from '@/lib/cursor-pages';
import { billKeys } from '@/lib/query-keys';

/** The original client's body (docs/api/README.md#bills): the payers share equally, plus the owner with includeOwner. */
export interface LegacyBillInput {
  name: string;
  /** A JSON number with at most the currency's decimals (docs/api/README.md#currency). */
  amount: number;
  includeOwner: boolean;
  roomId: string;
  /** The other members who share the bill (never the caller). */
  payers: number[];
}

/** A bill with its split (docs/api/README.md#splitting); `amount` is left out for an itemised bill (derived). */
export interface SplitBillInput {
  name: string;
  amount?: number;
  roomId: string;
  /** Who paid (default the caller): an id, or several payers with their amounts (issue 36). */
  paidBy: PaidByInput;
  split: SplitInput;
  /** Issue 36: left out, none. */
  category?: BillCategory;
  note?: string;
  /** A picture the caller uploaded (POST /pictures). */
  receiptPictureId?: string;
}

export type CreateBillInput = LegacyBillInput | SplitBillInput;

/**
 * POST /v1/bills: 400 (issues name the field, e.g. `split.items.2.amount`), 403 not a member, 404 room or user
 * unknown, 409 room closed.
 */
export function createBill(input: CreateBillInput): Promise<Bill> {
  return api.call(billEndpoints.create, { body: input });
}

/**
 * Shows a saved bill at once: an edited one in its place (its date, and so its place, does not change), a new one
 * first, in the room's loaded pages; then what depends on it (balances, status) is fetched again.
 */
export function useBillSaved() {
  const queryClient = useQueryClient();
  return (bill: Bill) => {
    const replace = (bills: Bill[]) => bills.map((b) => (b.id === bill.id ? bill : b));
    const pages = billKeys.pages(bill.roomId);
    const loaded = queryClient.getQueryData<CursorPages<Bill>>(pages);
    if (flattenPages(loaded).some((b) => b.id === bill.id)) updateCursorPages(queryClient, pages, replace);
    else prependToCursorPages(queryClient, pages, bill);
    void queryClient.invalidateQueries({ queryKey: billKeys.room(bill.roomId) });
  };
}

export function useCreateBill() {
  const onSuccess = useBillSaved();
  return useMutation({ mutationFn: createBill, onSuccess });
}
