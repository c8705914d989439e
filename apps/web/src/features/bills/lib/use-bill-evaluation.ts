import { useMemo } from 'react';
import type { User } from '@outing/contract';
import type { BillDraft } from './bill-draft';
import { evaluateDraft } from './bill-evaluate';
import { checkForeign } from './bill-foreign';
import { checkPayers } from './bill-payers';
import { roomAmounts } from './bill-room-amounts';

/**
 * What the bill form's draft comes to, live: the split (the ledger's, as the server computes it), the payers'
 * amounts against its total and, for a bill in another currency (issue 36, docs/api/README.md "Real bills"), the
 * conversion and everything in the room's currency.
 */
export function useBillEvaluation(
  draft: BillDraft,
  {
    currency,
    roomCurrency,
    locale,
    members,
    billId,
  }: {
    /** The bill's own currency. */
    currency: string;
    roomCurrency: string;
    locale: string;
    members: User[];
    billId: number | undefined;
  },
) {
  const memberIds = useMemo(() => members.map((m) => m.id), [members]);
  const evaluation = useMemo(
    () => evaluateDraft(draft, { currency, locale, memberIds, ...(billId !== undefined && { billId }) }),
    [draft, currency, locale, memberIds, billId],
  );

  // Several payers (issue 36): their amounts against the bill's total, in its currency.
  const payersCheck = useMemo(
    () => (draft.payers ? checkPayers(draft.payers, evaluation.total, currency, locale) : null),
    [draft.payers, evaluation.total, currency, locale],
  );

  const foreignCheck = useMemo(
    () => (draft.foreign ? checkForeign(draft.foreign, evaluation.total, roomCurrency, locale) : null),
    [draft.foreign, evaluation.total, roomCurrency, locale],
  );

  // Who paid what in the bill's currency, and, for a bill in another currency, everything in the room's.
  const payerAmounts = useMemo(() => {
    const total = evaluation.result?.total ?? null;
    if (total === null) return [];
    if (draft.payers && payersCheck?.ok)
      return draft.payers.map((p, i) => ({ userId: p.userId, minor: payersCheck.amounts[i]! }));
    return [{ userId: draft.paidBy, minor: total }];
  }, [evaluation.result, draft.payers, draft.paidBy, payersCheck]);
  const room = useMemo(
    () =>
      evaluation.result && foreignCheck?.converted != null && payerAmounts.length > 0
        ? roomAmounts(evaluation.result, payerAmounts, foreignCheck.converted, billId)
        : null,
    [evaluation.result, foreignCheck, payerAmounts, billId],
  );

  return { evaluation, payersCheck, foreignCheck, payerAmounts, room };
}
