import { ArrowLongRightIcon } from '@heroicons/react/24/outline';
import type { Round } from '@outing/contract';
import type { Transfer } from '@outing/ledger';
import { ErrorState } from '../../../components/list-states';
import { ListMore } from '../../../components/load-more';
import { Spinner } from '../../../components/spinner';
import { useT } from '../../../i18n/use-t';
import { formatMoney, toMinor } from '../../../lib/money';
import { transferLine } from './money-labels';
import { PaidBadge } from './paid-badge';

export interface RoomPayment extends Transfer {
  /** The transaction's id (a pair of people may pay each other again in a later round). */
  id: number;
  /** Known for the signed-in user's own payments; null for other people's. */
  isPaid: boolean | null;
}

/**
 * The payments of the settled rounds, newest round first, each round's in its order: every transfer the
 * consolidations made, with paid or unpaid for the signed-in user's own (other people's are theirs to tell).
 */
export function roundPayments(rounds: readonly Round[], meId: number): RoomPayment[] {
  return rounds.flatMap((round) =>
    round.transactions.map((x) => ({
      id: x.id,
      from: x.payerId,
      to: x.payeeId,
      cents: toMinor(x.amount, x.currency),
      isPaid: x.payerId === meId || x.payeeId === meId ? x.isPaid : null,
    })),
  );
}

interface RoomPaymentsProps {
  /** The rounds read so far: undefined while the first page loads. */
  payments: RoomPayment[] | undefined;
  meId: number;
  nameOf: (userId: number) => string;
  /** The room's currency (ISO 4217). */
  currency: string;
  /** The rounds' pages: a failed first page with its retry, and "Load more" while more rounds follow. */
  list: {
    isError: boolean;
    refetch: () => Promise<unknown>;
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    isFetchNextPageError: boolean;
    fetchNextPage: () => Promise<unknown>;
  };
}

export function RoomPayments({ payments, meId, nameOf, currency, list }: RoomPaymentsProps) {
  const t = useT();
  const label = (id: number) => (id === meId ? t('bills.you') : nameOf(id));
  return (
    <section aria-labelledby="room-payments-heading">
      <h2 id="room-payments-heading" className="mb-2 px-1 text-base font-semibold text-slate-900">
        {t('bills.roomPayments.heading')}
      </h2>
      {payments === undefined ? (
        list.isError ? (
          <ErrorState message={t('bills.roomPayments.loadFailed')} onRetry={() => void list.refetch()} />
        ) : (
          <div className="flex justify-center py-5">
            <Spinner label={t('bills.roomPayments.loading')} />
          </div>
        )
      ) : payments.length === 0 ? (
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
                key={p.id}
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
                {p.isPaid !== null && <PaidBadge isPaid={p.isPaid} />}
              </li>
            );
          })}
        </ul>
      )}
      {payments !== undefined && (
        <ListMore
          list={list}
          loadedCount={payments.length}
          failedText={t('bills.roomPayments.loadMoreFailed')}
        />
      )}
    </section>
  );
}
