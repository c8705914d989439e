import { useState } from 'react';
import type { Bill } from '@outing/contract';
import { useSubmitGuard } from '@/components/form/use-submit-guard';
import { isApiError, refusalText, type ApiError } from '@/lib/api-error';
import { isOffline } from '@/lib/connectivity';
import { useT } from '@/lib/i18n/use-t';
import { toAmount } from '@/lib/money';
import { useCreateBill } from '../api/create-bill';
import { useEditBill } from '../api/edit-bill';
import { saveBillErrorMessage } from '../messages';
import type { BillDraft } from './bill-draft';
import { fieldOfPath, type Evaluation, type SentOrder } from './bill-evaluate';
import { emptyExtras, extrasBody, newExtrasBody, type BillExtras } from './bill-extras';
import type { ForeignCheck } from './bill-foreign';
import { payersBody, type PayersCheck } from './bill-payers';
import { rememberRate } from './last-rate';

/** The bill form as it is when saved. */
export interface BillToSave {
  draft: BillDraft;
  extras: BillExtras;
  evaluation: Evaluation;
  payersCheck: PayersCheck | null;
  foreignCheck: ForeignCheck | null;
  /** The bill's own currency. */
  currency: string;
}

/** What a save tells the form. */
export interface SaveBillReport {
  /** The form's alert: cleared when a save goes, the reason when it fails. */
  alert: (message: string | null) => void;
  /** A 400: each issue the server placed on a field, by the field's key (the form goes back to show them). */
  refused: (placed: Record<string, string>) => void;
}

/**
 * The bill form's one save: POST a new bill or PATCH the edited one (docs/api/README.md), one at a time, refused at
 * once offline (issue #21). A 400 puts each issue on the field it names and the rest in the alert; any other
 * failure says why; the form keeps everything typed either way.
 */
export function useSaveBill({
  roomId,
  roomCurrency,
  billId,
  initialExtras,
  onSaved,
  report,
}: {
  roomId: string;
  roomCurrency: string;
  /** Editing this bill (PATCH); a new bill otherwise (POST). */
  billId: number | undefined;
  initialExtras: BillExtras | undefined;
  onSaved: (bill: Bill) => Promise<void> | void;
  report: SaveBillReport;
}) {
  const t = useT();
  const create = useCreateBill();
  const edit = useEditBill();
  const guard = useSubmitGuard();
  const [busy, setBusy] = useState(false);

  const save = guard(
    async ({ draft, extras, evaluation, payersCheck, foreignCheck, currency }: BillToSave) => {
      const { body, total } = evaluation;
      if (!body || total === null) return;
      // Offline, a save would only wait (issue #21): refused at once, and the form keeps everything typed.
      if (isOffline()) {
        report.alert(billId === undefined ? t('bills.offlineCreate') : t('bills.offlineEdit'));
        return;
      }
      setBusy(true);
      report.alert(null);
      const amount = draft.mode === 'items' ? {} : { amount: toAmount(total, currency) };
      // One payer: the id, as before; two or more: the list (docs/api/README.md "Real bills").
      const paidBy =
        draft.payers && payersCheck ? payersBody(draft.payers, payersCheck, currency) : draft.paidBy;
      // A bill taken back to the room's currency says so; one that never left it sends no currency, as before.
      const currencyBody = draft.foreign
        ? foreignCheck?.body
        : draft.wasForeign
          ? { currency: roomCurrency }
          : {};
      const common = { name: draft.name.trim(), paidBy, split: body, ...amount, ...currencyBody };
      try {
        const bill =
          billId === undefined
            ? await create.mutateAsync({ roomId, ...common, ...newExtrasBody(extras) })
            : await edit.mutateAsync({
                id: billId,
                ...common,
                ...extrasBody(extras, initialExtras ?? emptyExtras()),
              });
        if (foreignCheck?.body && 'rate' in foreignCheck.body)
          rememberRate(roomId, foreignCheck.body.currency, foreignCheck.body.rate);
        await onSaved(bill);
      } catch (error) {
        setBusy(false);
        if (isApiError(error) && error.status === 400) {
          const { placed, unplaced } = placeIssues(error, evaluation.order);
          report.refused(placed);
          report.alert(
            unplaced.length > 0
              ? t('bills.createInvalidWith', { problems: unplaced.join('; ') })
              : t('bills.createInvalid'),
          );
          return;
        }
        report.alert(saveBillErrorMessage(error, billId !== undefined));
      }
    },
  );

  return { busy, save };
}

/** A 400's issues: each on the field its path names (the first one a field gets), the others as they are said. */
function placeIssues(error: ApiError, order: SentOrder) {
  const placed: Record<string, string> = {};
  const unplaced: string[] = [];
  for (const issue of error.issues) {
    const head = issue.path.replace(/^body\./, '').split('.')[0];
    const field =
      head === 'note' || head === 'receiptPictureId' || head === 'category'
        ? head
        : fieldOfPath(issue.path, order);
    if (field) placed[field] ??= issue.message;
    else unplaced.push(issue.message);
  }
  if (error.issues.length === 0) unplaced.push(refusalText(error));
  return { placed, unplaced };
}
