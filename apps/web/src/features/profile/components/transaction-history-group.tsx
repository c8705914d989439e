import type { Transaction } from '@outing/contract';
import { Avatar } from '@/components/avatar';
import { dateTimeFormat } from '@/lib/i18n/format';
import { useI18n } from '@/lib/i18n/use-t';
import { formatMoney, toMinor } from '@/lib/money';
import { compareCodeUnits } from '@/lib/compare';
import { personName } from '@/lib/person-name';

export interface HistoryDay {
  /** `YYYY-MM-DD` of the local day. */
  key: string;
  /** "22 Nov" (en-GB; "11月22日" in Chinese), with the year when it is not this year's. */
  label: string;
  transactions: Transaction[];
}

const pad = (n: number) => String(n).padStart(2, '0');
const dayKey = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** Paid transactions by the local day of `paidOn`: newest day first, newest first within a day. */
export function groupByPaidDay(transactions: readonly Transaction[], now: Date = new Date()): HistoryDay[] {
  const paid = transactions
    .filter((t): t is Transaction & { paidOn: string } => t.paidOn !== null)
    .sort((a, b) => compareCodeUnits(b.paidOn, a.paidOn) || b.id - a.id);
  const days = new Map<string, HistoryDay>();
  for (const t of paid) {
    const date = new Date(t.paidOn);
    const key = dayKey(date);
    let day = days.get(key);
    if (!day) {
      const sameYear = date.getFullYear() === now.getFullYear();
      const format = dateTimeFormat({
        day: 'numeric',
        month: 'short',
        ...(sameYear ? {} : { year: 'numeric' }),
      });
      day = { key, label: format.format(date), transactions: [] };
      days.set(key, day);
    }
    day.transactions.push(t);
  }
  return [...days.values()];
}

/** Received money is green with a +, paid money red with a −, and the words say it too. */
function HistoryRow({ transaction, meId }: { transaction: Transaction; meId: number }) {
  const { tRich } = useI18n();
  const received = transaction.payeeId === meId;
  const other = received ? transaction.payer : transaction.payee;
  const minor = toMinor(transaction.amount, transaction.currency);
  return (
    <li className="flex items-center gap-3 px-4 py-3" data-testid="history-row">
      <Avatar
        username={other.username}
        displayName={other.displayName}
        pictureUrl={other.pictureUrl}
        size="sm"
      />
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-slate-900">
          {tRich(received ? 'profile.history.receivedFrom' : 'profile.history.paidTo', {
            name: personName(other),
            sr: (chunks) => (
              <span key="sr" className="sr-only">
                {chunks}
              </span>
            ),
          })}
        </p>
        <p className="truncate text-sm text-slate-600">{transaction.roomName}</p>
      </div>
      <span
        data-direction={received ? 'received' : 'paid'}
        className={`shrink-0 font-semibold tabular-nums ${received ? 'text-emerald-700 dark:text-emerald-300' : 'text-red-700 dark:text-red-300'}`}
      >
        {received ? '+' : '−'}
        {formatMoney(minor, transaction.currency)}
      </span>
    </li>
  );
}

export function TransactionHistoryGroup({ day, meId }: { day: HistoryDay; meId: number }) {
  const headingId = `history-${day.key}`;
  return (
    <li aria-labelledby={headingId}>
      <h3 id={headingId} className="mb-1.5 px-1 text-sm font-semibold text-slate-600">
        <time dateTime={day.key}>{day.label}</time>
      </h3>
      <ul className="divide-y divide-slate-100 overflow-hidden rounded-2xl bg-surface shadow-sm ring-1 ring-slate-200">
        {day.transactions.map((t) => (
          <HistoryRow key={t.id} transaction={t} meId={meId} />
        ))}
      </ul>
    </li>
  );
}
