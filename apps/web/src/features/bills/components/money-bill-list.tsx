import { ChevronRightIcon, ReceiptPercentIcon } from '@heroicons/react/24/outline';
import type { Bill } from '@outing/contract';
import { useT } from '@/lib/i18n/use-t';
import { formatAmount } from '@/lib/money';
import { splitLabel } from './money-labels';
import { compareCodeUnits } from '@/lib/compare';
import { listNames } from '@/lib/i18n/list-format';
import { originalOf, payersOf, roomCurrencyOf, type OriginalMoney } from '../lib/bill-currency';

interface BillListProps {
  bills: Bill[];
  meId: number;
  label: (id: number) => string;
  onOpen: (bill: Bill) => void;
  /** Accessible name of the list. */
  name: string;
}

/** Newest first: the date the bill was added, then its id. */
export function newestFirst(bills: readonly Bill[]): Bill[] {
  return [...bills].sort((a, b) => compareCodeUnits(b.date, a.date) || b.id - a.id);
}

/** Bills as tappable rows: name and amount, who paid and how it splits, who added it when not the payer. */
export function MoneyBillList({ bills, meId, label, onOpen, name }: BillListProps) {
  const t = useT();
  return (
    <ul
      aria-label={name}
      className="divide-y divide-slate-100 overflow-hidden rounded-2xl bg-surface shadow-sm ring-1 ring-slate-200"
    >
      {bills.map((bill) => {
        const original = originalOf(bill);
        const payers = payersOf(bill);
        return (
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
                    {formatAmount(bill.amount, roomCurrencyOf(bill))}
                  </span>
                </span>
                {original && (
                  <span className="block text-right text-xs text-slate-500 tabular-nums">
                    {originalText(original, t)}
                  </span>
                )}
                <span className="block text-sm break-words text-slate-600">
                  {t('bills.list.paidBy', {
                    payerIsMe: payers.length === 1 && bill.ownerId === meId ? 'yes' : 'no',
                    payer:
                      payers.length > 1
                        ? listNames(
                            payers.map((p) =>
                              p.userId === meId ? t('bills.youInSentence') : label(p.userId),
                            ),
                          )
                        : label(bill.ownerId),
                    split: splitLabel(bill),
                  })}
                </span>
                {bill.createdBy !== bill.ownerId && (
                  <span className="block truncate text-xs text-slate-500">
                    {t('bills.list.addedBy', {
                      isMe: bill.createdBy === meId ? 'yes' : 'no',
                      name: label(bill.createdBy),
                    })}
                  </span>
                )}
              </span>
              <ChevronRightIcon aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** "¥12,345 · rate 0.0091"; a bill given by what it came to: "¥12,345". */
export function originalText(original: OriginalMoney, t: ReturnType<typeof useT>): string {
  const amount = formatAmount(original.amount, original.currency);
  return original.rate === null ? amount : t('bills.original.withRate', { amount, rate: original.rate });
}

export function NoBills({ canAdd }: { canAdd: boolean }) {
  const t = useT();
  return (
    <div className="flex flex-col items-center gap-2 rounded-2xl bg-surface px-6 py-6 text-center ring-1 ring-slate-200">
      <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 dark:bg-brand-950/40">
        <ReceiptPercentIcon aria-hidden="true" className="size-6 text-brand-700 dark:text-brand-300" />
      </span>
      <p className="font-semibold text-slate-900">{t('bills.noBills.title')}</p>
      <p className="text-sm text-slate-600">
        {canAdd ? t('bills.noBills.canAdd') : t('bills.noBills.closed')}
      </p>
    </div>
  );
}
