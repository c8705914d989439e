import { useId, useState } from 'react';
import { ChevronDownIcon, TrashIcon } from '@heroicons/react/24/outline';
import type { Bill, User } from '@outing/contract';
import { Avatar } from '../../../components/avatar';
import { ListMore } from '../../../components/load-more';
import { Spinner } from '../../../components/spinner';
import { useT } from '../../../i18n/use-t';
import { flattenPages } from '../../../lib/cursor-pages';
import { formatAmount } from '../../../lib/money';
import { useOwnerBillPages } from '../api/get-bills';
import { formatBillDate } from '../lib/format-date';
import { listNames } from '../lib/list-format';

function BillItem({
  bill,
  nameOf,
  deletable,
  onDelete,
}: {
  bill: Bill;
  nameOf: (userId: number) => string;
  deletable: boolean;
  onDelete: (bill: Bill) => void;
}) {
  const t = useT();
  const sharedBy = [...(bill.includeOwner ? [bill.ownerId] : []), ...bill.payers].map(nameOf);
  return (
    <li className="flex items-start gap-3 px-4 py-3" data-testid="bill">
      <div className="min-w-0 flex-1">
        <div className="flex items-baseline justify-between gap-3">
          <p className="min-w-0 truncate font-medium text-slate-900">{bill.name}</p>
          <p className="shrink-0 font-semibold text-slate-900 tabular-nums">
            {formatAmount(bill.amount, bill.currency)}
          </p>
        </div>
        <p className="mt-0.5 text-sm text-slate-700">
          {t('bills.group.splitBetween', { names: listNames(sharedBy) })}
          {!bill.includeOwner && (
            <span className="text-slate-600">
              {t('bills.group.notIncluded', { name: bill.owner.username })}
            </span>
          )}
        </p>
        <p className="mt-0.5 text-xs text-slate-600">
          <time dateTime={bill.date}>{formatBillDate(bill.date)}</time>
        </p>
      </div>
      {deletable && (
        <button
          type="button"
          onClick={() => onDelete(bill)}
          aria-label={t('bills.group.delete', { name: bill.name })}
          className="-my-1 -mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-full text-red-700 dark:text-red-300 transition hover:bg-red-50 dark:hover:bg-red-950/40 focus-visible:outline-2 focus-visible:outline-red-700 dark:focus-visible:outline-red-400"
        >
          <TrashIcon aria-hidden="true" className="size-5" />
        </button>
      )}
    </li>
  );
}

/** A group of the split page: one member who paid, as the room's bills summary counts them. */
export interface OwnerGroupSummary {
  owner: User;
  count: number;
  /** In major units of `currency`. */
  total: number;
}

interface BillGroupProps {
  roomId: string;
  group: OwnerGroupSummary;
  /** The room's currency (ISO 4217). */
  currency: string;
  /** Read the first page before the group is opened (the first groups on screen open at once). */
  eager: boolean;
  nameOf: (userId: number) => string;
  canDelete: (bill: Bill) => boolean;
  onDelete: (bill: Bill) => void;
}

/**
 * One owner's bills: a header with their count and total (from the summary) that opens the list (name, amount, who
 * shares it, date), read 10 at a time (`?ownerId=`) with "Load more" at its end; read when opened, or at once when
 * `eager`. Once read, the list stays (hidden while closed).
 */
export function BillGroup({ roomId, group, currency, eager, nameOf, canDelete, onDelete }: BillGroupProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const bills = useOwnerBillPages(roomId, group.owner.id, open || eager);
  const loaded = flattenPages(bills.data);
  const name = group.owner.username;
  return (
    <li
      className="overflow-hidden rounded-2xl bg-surface shadow-sm ring-1 ring-slate-200"
      data-testid="bill-group"
    >
      <h3>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
          className="flex min-h-16 w-full items-center gap-3 px-4 py-3 text-left transition hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400"
        >
          <Avatar username={name} pictureUrl={group.owner.pictureUrl} size="sm" />
          <span className="min-w-0 flex-1">
            <span className="block truncate font-semibold text-slate-900">{name}</span>
            <span className="block text-sm text-slate-600">
              {t('bills.billCount', { count: group.count })}
            </span>
          </span>
          <span className="shrink-0 font-semibold text-slate-900 tabular-nums">
            {formatAmount(group.total, currency)}
          </span>
          <ChevronDownIcon
            aria-hidden="true"
            className={`size-5 shrink-0 text-slate-500 transition-transform ${open ? 'rotate-180' : ''}`}
          />
        </button>
      </h3>
      <div id={panelId} hidden={!open} className="border-t border-slate-100">
        {loaded.length > 0 && (
          <ul className="divide-y divide-slate-100">
            {loaded.map((bill) => (
              <BillItem
                key={bill.id}
                bill={bill}
                nameOf={nameOf}
                deletable={canDelete(bill)}
                onDelete={onDelete}
              />
            ))}
          </ul>
        )}
        {bills.isPending && bills.fetchStatus !== 'idle' && (
          <div className="flex justify-center px-4 py-4">
            <Spinner label={t('bills.split.groupLoading', { name })} />
          </div>
        )}
        {bills.isError && !bills.isFetchNextPageError && (
          <div role="alert" className="flex flex-col items-center gap-2 px-4 py-4 text-center">
            <p className="text-sm text-red-800 dark:text-red-300">
              {t('bills.split.groupLoadFailed', { name })}
            </p>
            <button
              type="button"
              onClick={() => void bills.refetch()}
              className="inline-flex min-h-11 items-center rounded-full bg-surface px-5 text-sm font-semibold text-red-800 dark:text-red-300 ring-1 ring-red-300 dark:ring-red-800 hover:bg-red-50 dark:hover:bg-red-950/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 dark:focus-visible:outline-red-400"
            >
              {t('common.tryAgain')}
            </button>
          </div>
        )}
        {open && (
          <ListMore
            list={bills}
            loadedCount={loaded.length}
            failedText={t('bills.money.loadMoreFailed')}
            className="border-t border-slate-100"
          />
        )}
      </div>
    </li>
  );
}
