import type { ReactNode } from 'react';
import { ArrowDownLeftIcon, ArrowUpRightIcon } from '@heroicons/react/24/outline';
import type { Transaction } from '@outing/contract';
import { Spinner } from '../../../components/spinner';
import { formatAmount } from '../../../lib/money';

export const NO_BILLS_TO_PAY = 'No bills to pay';
export const NO_BILLS_TO_RECEIVE = 'No bills to receive';

export type TransactionKind = 'toPay' | 'toReceive';

export interface TransactionsPanelProps {
  /** The signed-in user is the payer (product-spec §4). */
  toPay: Transaction[];
  /** The signed-in user is the payee. */
  toReceive: Transaction[];
  loading?: boolean;
  /** Shown instead of the lists when they could not be loaded. */
  error?: string | null;
  onRetry?: () => void;
  /** A control at the end of a row (settle, remind): the bills feature supplies it. */
  renderAction?: (transaction: Transaction, kind: TransactionKind) => ReactNode;
}

function TransactionList({
  kind,
  title,
  empty,
  transactions,
  renderAction,
}: {
  kind: TransactionKind;
  title: string;
  empty: string;
  transactions: Transaction[];
  renderAction?: TransactionsPanelProps['renderAction'];
}) {
  const headingId = `transactions-${kind}`;
  const Icon = kind === 'toPay' ? ArrowUpRightIcon : ArrowDownLeftIcon;
  const tone =
    kind === 'toPay'
      ? 'text-red-700 dark:text-red-300 bg-red-50 dark:bg-red-950/40'
      : 'text-emerald-700 dark:text-emerald-300 bg-emerald-50 dark:bg-emerald-950/40';
  return (
    <section aria-labelledby={headingId} className="min-w-0 flex-1 px-4 py-3">
      <h3 id={headingId} className="flex items-center gap-2 text-sm font-semibold text-slate-800">
        <span className={`flex size-6 items-center justify-center rounded-full ${tone}`}>
          <Icon aria-hidden="true" className="size-3.5" />
        </span>
        {title}
        {transactions.length > 0 && (
          <span className="font-normal text-slate-500">({transactions.length})</span>
        )}
      </h3>
      {transactions.length === 0 ? (
        <p className="py-2 text-sm text-slate-600">{empty}</p>
      ) : (
        <ul className="mt-1 divide-y divide-slate-100">
          {transactions.map((t) => {
            const other = kind === 'toPay' ? t.payee : t.payer;
            return (
              <li key={t.id} className="flex min-h-11 items-center gap-3 py-2">
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="truncate text-sm font-medium text-slate-900">{other.username}</span>
                  <span className="truncate text-xs text-slate-600">{t.roomName}</span>
                </span>
                <span
                  className={`shrink-0 text-sm font-semibold tabular-nums ${kind === 'toPay' ? 'text-red-700 dark:text-red-300' : 'text-emerald-700 dark:text-emerald-300'}`}
                >
                  {formatAmount(t.amount, t.currency)}
                </span>
                {renderAction?.(t, kind)}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** To Pay and To Receive (product-spec §2 "Transactions panel"): two lists, each with its empty text. */
export function TransactionsPanel({
  toPay,
  toReceive,
  loading = false,
  error = null,
  onRetry,
  renderAction,
}: TransactionsPanelProps) {
  let body;
  if (loading) {
    body = (
      <div className="flex min-h-24 items-center justify-center">
        <Spinner label="Loading bills" className="size-7" />
      </div>
    );
  } else if (error) {
    body = (
      <div
        role="alert"
        className="flex flex-col items-center gap-2 px-4 py-5 text-center text-sm text-red-800 dark:text-red-300"
      >
        {error}
        {onRetry && (
          <button
            type="button"
            onClick={onRetry}
            className="inline-flex min-h-11 items-center font-semibold underline"
          >
            Try again
          </button>
        )}
      </div>
    );
  } else {
    body = (
      <div className="divide-y divide-slate-100">
        <TransactionList
          kind="toPay"
          title="To Pay"
          empty={NO_BILLS_TO_PAY}
          transactions={toPay}
          renderAction={renderAction}
        />
        <TransactionList
          kind="toReceive"
          title="To Receive"
          empty={NO_BILLS_TO_RECEIVE}
          transactions={toReceive}
          renderAction={renderAction}
        />
      </div>
    );
  }
  return (
    <section
      aria-labelledby="transactions-heading"
      className="overflow-hidden rounded-2xl bg-surface shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="transactions-heading" className="sr-only">
        Bills
      </h2>
      {body}
    </section>
  );
}
