import { useRef, type ReactNode, type RefObject } from 'react';
import { ArrowDownLeftIcon, ArrowUpRightIcon } from '@heroicons/react/24/outline';
import type { OverallBalances, Transaction } from '@outing/contract';
import { ErrorState, LoadingState } from '@/components/list-states';
import { ListMore } from '@/components/load-more';
import { flattenPages } from '@/lib/cursor-pages';
import { useI18n, useT } from '@/lib/i18n/use-t';
import { AwaitingConfirmation } from './awaiting-confirmation';
import { useUnpaid, type Side } from '../api/get-transactions';
import { formatTotals } from '../lib/totals';
import { ToPayRow, ToReceiveRow } from './transaction-rows';

/** The totals of one side per currency, from GET /balances; none while it is unknown. */
export type SideTotals = OverallBalances['totals'];

function sideTotal(totals: SideTotals | undefined, side: Side): string | null {
  if (!totals) return null;
  const items = totals
    .map((x) => ({ currency: x.currency, amount: side === 'payer' ? x.toPay : x.toReceive }))
    .filter((x) => x.amount !== 0);
  return items.length > 0 ? formatTotals(items) : null;
}

function PanelSection({
  id,
  title,
  icon,
  tone,
  total,
  count,
  emptyText,
  headingRef,
  more,
  children,
}: {
  id: string;
  title: string;
  icon: ReactNode;
  tone: string;
  /** The whole side's total (every page), when known. */
  total: string | null;
  count: number;
  emptyText: string;
  headingRef?: RefObject<HTMLHeadingElement | null>;
  more: ReactNode;
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
        {count > 0 && total !== null && (
          <p className="text-sm text-slate-600">
            {tRich('transactions.total', {
              amount: total,
              b: (chunks) => (
                <span key="b" className="font-semibold text-slate-900 tabular-nums">
                  {chunks}
                </span>
              ),
            })}
          </p>
        )}
      </div>
      {count === 0 ? (
        <p className="py-2 text-sm text-slate-600">{emptyText}</p>
      ) : (
        <ul aria-labelledby={id} className="mt-1 divide-y divide-slate-100">
          {children}
        </ul>
      )}
      {more}
    </section>
  );
}

/**
 * The home screen's unpaid transactions (docs/product.md#home, #states): To Pay, where the signed-in
 * user is the payer, with a Settle button; To Receive, where they are the payee, with a reminder bell. Each side
 * reads a page at a time (docs/pagination.md); its total is the whole side's, from GET /balances (`totals`, passed
 * in by Home, which reads it for its Balances card), so the total never depends on how many pages are shown.
 */
export function TransactionsPanel({ className = '', totals }: { className?: string; totals?: SideTotals }) {
  const t = useT();
  const toPay = useUnpaid('payer');
  const toReceive = useUnpaid('payee');
  const toPayHeading = useRef<HTMLHeadingElement>(null);

  let body: ReactNode;
  if (toPay.isPending || toReceive.isPending) body = <LoadingState label={t('transactions.loading')} />;
  else if (
    (toPay.isError && toPay.data === undefined) ||
    (toReceive.isError && toReceive.data === undefined)
  ) {
    body = (
      <div className="p-3">
        <ErrorState
          message={t('transactions.loadFailed')}
          onRetry={() => {
            if (toPay.isError) void toPay.refetch();
            if (toReceive.isError) void toReceive.refetch();
          }}
        />
      </div>
    );
  } else {
    const pay: Transaction[] = flattenPages(toPay.data);
    const receive: Transaction[] = flattenPages(toReceive.data);
    // Every page shown: the rows themselves are the total, whatever GET /balances said (or if it failed).
    const totalOf = (side: Side, rows: Transaction[], complete: boolean) =>
      (complete ? formatTotals(rows) : null) ?? sideTotal(totals, side);
    body = (
      <div className="divide-y divide-slate-100">
        <PanelSection
          id="to-pay-heading"
          title={t('transactions.toPay')}
          icon={<ArrowUpRightIcon aria-hidden="true" className="size-3.5" />}
          tone="bg-red-50 dark:bg-red-950/40 text-red-700 dark:text-red-300"
          total={totalOf('payer', pay, !toPay.hasNextPage)}
          count={pay.length}
          emptyText={t('transactions.noBillsToPay')}
          headingRef={toPayHeading}
          more={<ListMore list={toPay} loadedCount={pay.length} className="mt-1" />}
        >
          {pay.map((t) => (
            // The settled row is gone: keep the keyboard user's place at the list's heading.
            <ToPayRow key={t.id} transaction={t} onSettled={() => toPayHeading.current?.focus()} />
          ))}
        </PanelSection>
        <PanelSection
          id="to-receive-heading"
          title={t('transactions.toReceive')}
          icon={<ArrowDownLeftIcon aria-hidden="true" className="size-3.5" />}
          tone="bg-emerald-50 dark:bg-emerald-950/40 text-emerald-700 dark:text-emerald-300"
          total={totalOf('payee', receive, !toReceive.hasNextPage)}
          count={receive.length}
          emptyText={t('transactions.noBillsToReceive')}
          more={<ListMore list={toReceive} loadedCount={receive.length} className="mt-1" />}
        >
          {receive.map((t) => (
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
