import { ChevronRightIcon, ReceiptPercentIcon } from '@heroicons/react/24/outline';
import type { Bill } from '@outing/contract';
import { formatAmount } from '../../../lib/money';
import { splitLabel } from './money-labels';

interface BillListProps {
  bills: Bill[];
  label: (id: number) => string;
  onOpen: (bill: Bill) => void;
  /** Accessible name of the list. */
  name: string;
}

/** Newest first: the date the bill was added, then its id. */
export function newestFirst(bills: readonly Bill[]): Bill[] {
  return [...bills].sort((a, b) => b.date.localeCompare(a.date) || b.id - a.id);
}

/** Bills as tappable rows: name and amount, who paid and how it splits, who added it when not the payer. */
export function MoneyBillList({ bills, label, onOpen, name }: BillListProps) {
  return (
    <ul
      aria-label={name}
      className="divide-y divide-slate-100 overflow-hidden rounded-2xl bg-surface shadow-sm ring-1 ring-slate-200"
    >
      {bills.map((bill) => (
        <li key={bill.id} data-testid="money-bill">
          <button
            type="button"
            onClick={() => onOpen(bill)}
            className="flex min-h-14 w-full items-center gap-3 px-4 py-2.5 text-left transition hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400"
          >
            <span className="min-w-0 flex-1">
              <span className="flex items-baseline gap-2">
                <span className="min-w-0 flex-1 truncate font-medium text-slate-900">{bill.name}</span>
                <span className="shrink-0 font-semibold text-slate-900 tabular-nums">
                  {formatAmount(bill.amount, bill.currency)}
                </span>
              </span>
              <span className="block text-sm break-words text-slate-600">
                Paid by {label(bill.ownerId)} · {splitLabel(bill)}
              </span>
              {bill.createdBy !== bill.ownerId && (
                <span className="block truncate text-xs text-slate-500">
                  Added by {label(bill.createdBy)}
                </span>
              )}
            </span>
            <ChevronRightIcon aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
          </button>
        </li>
      ))}
    </ul>
  );
}

export function NoBills({ canAdd }: { canAdd: boolean }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-2xl bg-surface px-6 py-6 text-center ring-1 ring-slate-200">
      <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 dark:bg-brand-950/40">
        <ReceiptPercentIcon aria-hidden="true" className="size-6 text-brand-700 dark:text-brand-300" />
      </span>
      <p className="font-semibold text-slate-900">No bills yet</p>
      <p className="text-sm text-slate-600">
        {canAdd
          ? 'Add what you paid for and everyone sees who owes what.'
          : 'Nothing was spent in this round.'}
      </p>
    </div>
  );
}
