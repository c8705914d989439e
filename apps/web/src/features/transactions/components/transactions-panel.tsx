import { useRef, type ReactNode, type RefObject } from 'react';
import { ArrowDownLeftIcon, ArrowUpRightIcon } from '@heroicons/react/24/outline';
import type { Transaction } from '@outing/contract';
import { useAuth } from '../../../hooks/use-auth';
import { ErrorState, LoadingState } from '../../../components/list-states';
import { useI18n, useT } from '../../../i18n/use-t';
import { AwaitingConfirmation } from '../../payments/components/awaiting-confirmation';
import { useTransactions } from '../api/get-transactions';
import { formatTotals } from '../lib/totals';
import { ToPayRow, ToReceiveRow } from './transaction-rows';

function PanelSection({
  id,
  title,
  icon,
  tone,
  transactions,
  emptyText,
  headingRef,
  children,
}: {
  id: string;
  title: string;
  icon: ReactNode;
  tone: string;
  transactions: Transaction[];
  emptyText: string;
  headingRef?: RefObject<HTMLHeadingElement | null>;
  children: ReactNode;
}) {
  const { tRich } = useI18n();
  return (
    <section aria-labelledby={id} className="px-4 py-3">
      <div className="flex items-center gap-2">
        <h3
          id={id}
          ref={headingRef}
          tabIndex={-1}
          className="flex flex-1 items-center gap-2 text-sm font-semibold text-slate-800 outline-none"
        >
          <span className={`flex size-6 items-center justify-center rounded-full ${tone}`}>{icon}</span>
          {title}
        </h3>
        {transactions.length > 0 && (
          <p className="text-sm text-slate-600">
            {tRich('transactions.total', {
              amount: formatTotals(transactions),
              b: (chunks) => (
                <span key="b" className="font-semibold text-slate-900 tabular-nums">
                  {chunks}
                </span>
              ),
            })}
          </p>
        )}
      </div>
      {transactions.length === 0 ? (
        <p className="py-2 text-sm text-slate-600">{emptyText}</p>
      ) : (
        <ul aria-labelledby={id} className="mt-1 divide-y divide-slate-100">
          {children}
        </ul>
      )}
    </section>
  );
}

/**
 * The home screen's unpaid transactions (product-spec §2 "Transactions panel", §4): To Pay, where the signed-in
 * user is the payer, with a Settle button; To Receive, where they are the payee, with a reminder bell.
 */
export function TransactionsPanel({ className = '' }: { className?: string }) {
  const t = useT();
  const { user } = useAuth();
  const transactions = useTransactions(false);
  const toPayHeading = useRef<HTMLHeadingElement>(null);

  let body: ReactNode;
  if (transactions.isPending) body = <LoadingState label={t('transactions.loading')} />;
  else if (transactions.isError && transactions.data === undefined) {
    body = (
      <div className="p-3">
        <ErrorState message={t('transactions.loadFailed')} onRetry={() => void transactions.refetch()} />
      </div>
    );
  } else {
    const all = transactions.data ?? [];
    const toPay = all.filter((t) => t.payerId === user.id);
    const toReceive = all.filter((t) => t.payeeId === user.id);
    body = (
      <div className="divide-y divide-slate-100">
        <PanelSection
          id="to-pay-heading"
          title={t('transactions.toPay')}
          icon={<ArrowUpRightIcon aria-hidden="true" className="size-3.5" />}
          tone="bg-red-50 dark:bg-red-950/40 text-red-700 dark:text-red-300"
          transactions={toPay}
          emptyText={t('transactions.noBillsToPay')}
          headingRef={toPayHeading}
        >
          {toPay.map((t) => (
            // The settled row is gone: keep the keyboard user's place at the list's heading.
            <ToPayRow key={t.id} transaction={t} onSettled={() => toPayHeading.current?.focus()} />
          ))}
        </PanelSection>
        <PanelSection
          id="to-receive-heading"
          title={t('transactions.toReceive')}
          icon={<ArrowDownLeftIcon aria-hidden="true" className="size-3.5" />}
          tone="bg-emerald-50 dark:bg-emerald-950/40 text-emerald-700 dark:text-emerald-300"
          transactions={toReceive}
          emptyText={t('transactions.noBillsToReceive')}
        >
          {toReceive.map((t) => (
            <ToReceiveRow key={t.id} transaction={t} />
          ))}
        </PanelSection>
        <AwaitingConfirmation />
      </div>
    );
  }

  return (
    <section
      aria-labelledby="transactions-heading"
      data-testid="transactions-panel"
      className={`overflow-hidden rounded-2xl bg-surface shadow-sm ring-1 ring-slate-200 ${className}`}
    >
      <h2 id="transactions-heading" className="sr-only">
        {t('transactions.bills')}
      </h2>
      {body}
    </section>
  );
}
