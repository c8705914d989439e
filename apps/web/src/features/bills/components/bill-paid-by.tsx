import { useId } from 'react';
import type { User } from '@outing/contract';
import { useT } from '@/lib/i18n/use-t';
import type { BillDraft } from '../lib/bill-draft';
import { payerDraft, type PayersCheck } from '../lib/bill-payers';
import { AddPayer, BillPayers } from './bill-payers';
import { optionName } from './split-people';

/**
 * "Paid by": one person in a select, with "Add another payer" under it; once a second payer is added, the list of
 * payers and their amounts (issue 36, docs/api/README.md "Real bills"). Every change is a new draft.
 */
export function BillPaidBy({
  draft,
  payersCheck,
  members,
  meId,
  currency,
  locale,
  amountText,
  showErrors,
  error,
  onChange,
}: {
  draft: BillDraft;
  payersCheck: PayersCheck | null;
  members: User[];
  meId: number;
  currency: string;
  locale: string;
  /** The bill's amount as shown: the first payer keeps it when a second is added. */
  amountText: string;
  /** Review was asked for (the list's sum is checked then). */
  showErrors: boolean;
  /** The select's error (a server's word on `paidBy`). */
  error: string | undefined;
  onChange: (next: BillDraft) => void;
}) {
  const t = useT();
  const paidById = useId();
  if (draft.payers && payersCheck)
    return (
      <BillPayers
        payers={draft.payers}
        check={payersCheck}
        members={members}
        meId={meId}
        currency={currency}
        locale={locale}
        showErrors={showErrors}
        onChange={(payers) => onChange({ ...draft, payers })}
        onSingle={(paidBy) => {
          const { payers: _list, ...single } = draft;
          onChange({ ...single, paidBy });
        }}
      />
    );
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={paidById} className="text-sm font-medium text-slate-800">
        {t('bills.form.paidBy')}
      </label>
      <select
        id={paidById}
        value={draft.paidBy}
        onChange={(e) => onChange({ ...draft, paidBy: Number(e.target.value) })}
        className="h-12 w-full rounded-xl border border-slate-300 bg-surface px-3 text-base text-slate-900 shadow-xs focus:border-brand-500 focus:ring-2 focus:ring-brand-200 dark:focus:ring-brand-800 focus:outline-none"
      >
        {members.map((m) => (
          <option key={m.id} value={m.id}>
            {optionName(m, meId)}
          </option>
        ))}
      </select>
      {error && <p className="text-sm text-red-700 dark:text-red-300">{error}</p>}
      {members.length > 1 && (
        <AddPayer
          onAdd={() => {
            // The first payer keeps the whole amount as typed; the second starts empty.
            const other = members.find((m) => m.id !== draft.paidBy)!;
            onChange({ ...draft, payers: [payerDraft(draft.paidBy, amountText), payerDraft(other.id)] });
          }}
        />
      )}
    </div>
  );
}
