import { BILL_NOTE_MAX, type Bill, type BillCategory } from '@outing/contract';
import { t } from '@/lib/i18n/i18n';

// What a bill carries beside its money (issue 36, docs/api/README.md#bills): a category, a note and a receipt
// photo. Kept apart from the split's draft (bill-draft.ts): none of it changes anyone's share.

/** The receipt as the form holds it: the uploaded picture's id and where it is served. */
export interface ReceiptPicture {
  id: string;
  url: string;
}

export interface BillExtras {
  category: BillCategory | null;
  /**
   * The person chose the category (or chose none): a guess from the name no longer changes it. A bill being edited
   * that has a category counts as chosen.
   */
  categoryPicked: boolean;
  /** As typed; "" (or only spaces) is no note. */
  note: string;
  receipt: ReceiptPicture | null;
}

export const NOTE_MAX = BILL_NOTE_MAX;
/** The counter shows from here on: 100 characters left. */
export const NOTE_COUNTER_FROM = NOTE_MAX - 100;

export const emptyExtras = (): BillExtras => ({
  category: null,
  categoryPicked: false,
  note: '',
  receipt: null,
});

/** An existing bill's category, note and receipt (edit). A bill saved without a category may still get a guess. */
export function extrasFromBill(bill: Bill): BillExtras {
  return {
    category: bill.category ?? null,
    categoryPicked: (bill.category ?? null) !== null,
    note: bill.note ?? '',
    receipt:
      bill.receiptPictureId && bill.receiptPictureUrl
        ? { id: bill.receiptPictureId, url: bill.receiptPictureUrl }
        : null,
  };
}

/** Characters as the server counts them (JavaScript string length, as zod's max). */
export const noteLength = (note: string) => note.trim().length;

/** The note's problem, or undefined: at most 500 characters. */
export function noteError(note: string): string | undefined {
  const count = noteLength(note);
  return count > NOTE_MAX ? t('bills.form.noteTooLong', { max: NOTE_MAX, count }) : undefined;
}

export interface ExtrasBody {
  category?: BillCategory | null;
  note?: string | null;
  receiptPictureId?: string | null;
}

const noteOf = (note: string) => (note.trim() === '' ? null : note.trim());

/** A new bill's fields (POST): what it has; the rest left out. */
export function newExtrasBody(extras: BillExtras): {
  category?: BillCategory;
  note?: string;
  receiptPictureId?: string;
} {
  const note = noteOf(extras.note);
  return {
    ...(extras.category !== null && { category: extras.category }),
    ...(note !== null && { note }),
    ...(extras.receipt && { receiptPictureId: extras.receipt.id }),
  };
}

/**
 * An edit's fields (PATCH): what changed from `initial`, null clearing it; what did not change is left out (the
 * server keeps it).
 */
export function extrasBody(extras: BillExtras, initial: BillExtras): ExtrasBody {
  const note = noteOf(extras.note);
  const receiptPictureId = extras.receipt?.id ?? null;
  return {
    ...(extras.category !== initial.category && { category: extras.category }),
    ...(note !== noteOf(initial.note) && { note }),
    ...(receiptPictureId !== (initial.receipt?.id ?? null) && { receiptPictureId }),
  };
}

/** A picture URL of the server's picture route at width `w` (160 or 480); any other URL as it is. */
export function pictureAtWidth(url: string, w: 160 | 480): string {
  return /\/v1\/pictures\/[0-9a-f-]+\.webp$/i.test(url) ? `${url}?w=${w}` : url;
}
