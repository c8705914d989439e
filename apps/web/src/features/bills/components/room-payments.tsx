import { ArrowLongRightIcon } from '@heroicons/react/24/outline';
import type { Transaction } from '@outing/contract';
import type { Transfer } from '@outing/ledger';
import { useT } from '../../../i18n/use-t';
import { formatMoney, toMinor } from '../../../lib/money';
import { transferLine } from './money-labels';

export interface RoomPayment extends Transfer {
  /** Known for the signed-in user's own payments (GET /v1/transactions); null for other people's. */
  isPaid: boolean | null;
}

/**
 * The room's payments: every transfer the consolidation made, with paid or unpaid for the signed-in user's own.
 * Should the derived transfers not contain one of the user's transactions (a ledger difference), the server's
 * transactions are shown instead: they are what will be paid.
 */
export function combinePayments(derived: Transfer[], mine: Transaction[] | undefined): RoomPayment[] {
  if (mine === undefined) return derived.map((t) => ({ ...t, isPaid: null }));
  const matches = (t: Transfer, x: Transaction) =>
    x.payerId === t.from && x.payeeId === t.to && toMinor(x.amount, x.currency) === t.cents;
  if (!mine.every((x) => derived.some((t) => matches(t, x)))) {
    return mine.map((x) => ({
      from: x.payerId,
      to: x.payeeId,
      cents: toMinor(x.amount, x.currency),
      isPaid: x.isPaid,
    }));
  }
  return derived.map((t) => ({ ...t, isPaid: mine.find((x) => matches(t, x))?.isPaid ?? null }));
}

interface RoomPaymentsProps {
  payments: RoomPayment[];
  meId: number;
  nameOf: (userId: number) => string;
  /** The room's currency (ISO 4217). */
  currency: string;
}

export function RoomPayments({ payments, meId, nameOf, currency }: RoomPaymentsProps) {
  const t = useT();
  const label = (id: number) => (id === meId ? t('bills.you') : nameOf(id));
  return (
    <section aria-labelledby="room-payments-heading">
      <h2 id="room-payments-heading" className="mb-2 px-1 text-base font-semibold text-slate-900">
        {t('bills.roomPayments.heading')}
      </h2>
      {payments.length === 0 ? (
        <p className="rounded-2xl bg-surface px-4 py-5 text-center text-sm font-medium text-slate-600 ring-1 ring-slate-200">
          {t('bills.money.everyoneSquare')}
        </p>
      ) : (
        <ul
          aria-label={t('bills.roomPayments.heading')}
          className="divide-y divide-slate-100 overflow-hidden rounded-2xl bg-surface shadow-sm ring-1 ring-slate-200"
        >
          {payments.map((p) => {
            const mine = p.from === meId || p.to === meId;
            return (
              <li
                key={`${p.from}-${p.to}`}
                data-testid="payment"
                className={`flex items-center gap-2 px-4 py-3 ${mine ? 'bg-brand-50/60 dark:bg-brand-950/40' : ''}`}
              >
                {/* Seen as "ann → you"; read out as the sentence "ann pays you". */}
                <span
                  aria-hidden="true"
                  className="flex min-w-0 flex-1 flex-wrap items-center gap-x-1.5 text-slate-900"
                >
                  <span className="truncate font-medium">{label(p.from)}</span>
                  <ArrowLongRightIcon className="size-5 shrink-0 text-slate-500" />
                  <span className="truncate font-medium">{label(p.to)}</span>
                </span>
                <span className="sr-only">{transferLine(p.from, p.to, meId, nameOf)}</span>
                <span className="shrink-0 font-semibold text-slate-900 tabular-nums">
                  {formatMoney(p.cents, currency)}
                </span>
                {p.isPaid !== null && (
                  <span
                    className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${
                      p.isPaid
                        ? 'bg-emerald-100 dark:bg-emerald-950/40 text-emerald-800 dark:text-emerald-300'
                        : 'bg-amber-100 dark:bg-amber-950/40 text-amber-900 dark:text-amber-300'
                    }`}
                  >
                    {p.isPaid ? t('bills.paid') : t('bills.unpaid')}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
