import { useId, useState } from 'react';
import { ChevronDownIcon, TrashIcon } from '@heroicons/react/24/outline';
import type { Bill } from '@outing/contract';
import { Avatar } from '../../../components/avatar';
import { useT } from '../../../i18n/use-t';
import { formatAmount, formatMoney } from '../../../lib/money';
import type { OwnerGroup } from '../lib/bill-groups';
import { formatBillDate } from '../lib/format-date';
import { listNames } from '../lib/list-format';

interface BillGroupProps {
  group: OwnerGroup;
  nameOf: (userId: number) => string;
  canDelete: (bill: Bill) => boolean;
  onDelete: (bill: Bill) => void;
}

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

/** One owner's bills: a header with their total that opens the list (name, amount, who shares it, date). */
export function BillGroup({ group, nameOf, canDelete, onDelete }: BillGroupProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const count = group.bills.length;
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
          <Avatar username={group.owner.username} pictureUrl={group.owner.pictureUrl} size="sm" />
          <span className="min-w-0 flex-1">
            <span className="block truncate font-semibold text-slate-900">{group.owner.username}</span>
            <span className="block text-sm text-slate-600">{t('bills.billCount', { count })}</span>
          </span>
          <span className="shrink-0 font-semibold text-slate-900 tabular-nums">
            {formatMoney(group.totalCents, group.bills[0]?.currency ?? 'USD')}
          </span>
          <ChevronDownIcon
            aria-hidden="true"
            className={`size-5 shrink-0 text-slate-500 transition-transform ${open ? 'rotate-180' : ''}`}
          />
        </button>
      </h3>
      <ul id={panelId} hidden={!open} className="divide-y divide-slate-100 border-t border-slate-100">
        {group.bills.map((bill) => (
          <BillItem
            key={bill.id}
            bill={bill}
            nameOf={nameOf}
            deletable={canDelete(bill)}
            onDelete={onDelete}
          />
        ))}
      </ul>
    </li>
  );
}
