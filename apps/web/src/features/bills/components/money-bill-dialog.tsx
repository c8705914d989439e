import { useState } from 'react';
import { Link } from 'react-router';
import { PencilSquareIcon, TrashIcon } from '@heroicons/react/24/outline';
import type { Bill, Room } from '@outing/contract';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Dialog, DialogCloseButton } from '@/components/dialog';
import { useToast } from '@/hooks/use-toast';
import { useT } from '@/lib/i18n/use-t';
import { formatAmount } from '@/lib/money';
import { BillHistory } from '@/features/activity/components/activity-list';
import { BILL_CATEGORIES } from '@/entities/bill-category';
import { useDeleteBill } from '../api/delete-bill';
import { useUndoDelete } from '../api/restore-bill';
import { listNames } from '@/lib/i18n/list-format';
import { PersonName } from './person-name';
import { ReceiptThumbnail } from './receipt-viewer';
import { originalOf, payersOf, roomCurrencyOf } from '../lib/bill-currency';
import { originalText } from './money-bill-list';
import { canChangeBill, deleteBillErrorMessage, formatWhen, percentNumber, splitLabel } from './money-labels';

interface BillDialogProps {
  bill: Bill;
  room: Pick<Room, 'id' | 'hostId' | 'isClosed'>;
  meId: number;
  label: (id: number) => string;
  /** Whether a name takes the guest mark (money-labels.ts `namer`). */
  guestMark?: (id: number) => boolean;
  onClose: () => void;
}

const dt = 'text-sm text-slate-600';
const dd = 'text-sm font-medium text-slate-900 text-right';

/** A bill's breakdown: everyone's share, its items and charges, who paid and added it, and Edit / Delete. */
export function MoneyBillDialog({
  bill,
  room,
  meId,
  label,
  guestMark = () => false,
  onClose,
}: BillDialogProps) {
  const t = useT();
  const toast = useToast();
  const remove = useDeleteBill(room.id);
  const undoDelete = useUndoDelete(room.id);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Amount, shares and payers in the room's currency; items and charges as entered, in the bill's own.
  const money = (amount: number) => formatAmount(amount, roomCurrencyOf(bill));
  const billMoney = (amount: number) => formatAmount(amount, bill.currency);
  const original = originalOf(bill);
  const payers = payersOf(bill);
  const canChange = canChangeBill(bill, room, meId);

  // Awaited: the bill's own frame may close this dialog before the answer arrives; the toast still shows.
  const deleteIt = async () => {
    try {
      await remove.mutateAsync(bill);
    } catch (e) {
      setConfirming(false);
      setError(deleteBillErrorMessage(e));
      return;
    }
    toast.success(t('bills.billDeleted'), undoDelete(bill.id));
    onClose();
  };

  if (confirming) {
    return (
      <ConfirmDialog
        title={t('bills.billDialog.deleteTitle', { name: bill.name })}
        description={t('bills.billDialog.deleteDescription', {
          amount: money(bill.amount),
          payerIsMe: bill.ownerId === meId ? 'yes' : 'no',
          payer: label(bill.ownerId),
        })}
        confirmLabel={t('bills.billDialog.delete')}
        busy={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void deleteIt()}
      />
    );
  }

  const split = bill.split;
  const category = bill.category ? BILL_CATEGORIES[bill.category] : null;
  return (
    <Dialog
      title={bill.name}
      description={`${money(bill.amount)} · ${splitLabel(bill)}`}
      onClose={onClose}
      headerAction={<DialogCloseButton onClose={onClose} />}
    >
      <div className="flex flex-col gap-4 overflow-y-auto px-5 pt-3 pb-5">
        {error && (
          <p
            role="alert"
            className="rounded-xl bg-red-50 dark:bg-red-950/40 px-3 py-2 text-sm font-medium text-red-800 dark:text-red-300 ring-1 ring-red-200 dark:ring-red-800"
          >
            {error}
          </p>
        )}
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5">
          <dt className={dt}>{t('bills.billDialog.paidBy')}</dt>
          <dd className={`${dd} min-w-0`}>
            {payers.length > 1 ? (
              <ul data-testid="bill-payers">
                {payers.map((payer) => (
                  <li key={payer.userId} className="flex items-baseline justify-end gap-1.5">
                    <PersonName name={label(payer.userId)} isGuest={guestMark(payer.userId)} />
                    <span className="tabular-nums">{money(payer.amount)}</span>
                  </li>
                ))}
              </ul>
            ) : (
              <PersonName
                name={label(bill.ownerId)}
                isGuest={guestMark(bill.ownerId)}
                className="justify-end"
              />
            )}
          </dd>
          {original && (
            <>
              <dt className={dt}>{t('bills.original.label')}</dt>
              <dd className={`${dd} tabular-nums`}>{originalText(original, t)}</dd>
            </>
          )}
          <dt className={dt}>{t('bills.billDialog.addedBy')}</dt>
          <dd className={`${dd} min-w-0`}>
            <PersonName
              name={label(bill.createdBy)}
              isGuest={guestMark(bill.createdBy)}
              className="justify-end"
            />
          </dd>
          <dt className={dt}>{t('bills.billDialog.date')}</dt>
          <dd className={dd}>{formatWhen(bill.date)}</dd>
          {category && (
            <>
              <dt className={dt}>{t('bills.billDialog.category')}</dt>
              <dd className={`${dd} inline-flex items-center justify-end gap-1.5`}>
                <category.icon aria-hidden="true" className="size-4 shrink-0 text-slate-600" />
                {t(category.label)}
              </dd>
            </>
          )}
        </dl>

        {(bill.note || bill.receiptPictureUrl) && (
          <div className="flex items-start gap-3">
            {bill.note && (
              <section aria-labelledby="bill-note-heading" className="min-w-0 flex-1">
                <h3 id="bill-note-heading" className="mb-1 text-sm font-semibold text-slate-700">
                  {t('bills.billDialog.note')}
                </h3>
                <p className="text-sm break-words whitespace-pre-line text-slate-900">{bill.note}</p>
              </section>
            )}
            {bill.receiptPictureUrl && <ReceiptThumbnail url={bill.receiptPictureUrl} billName={bill.name} />}
          </div>
        )}

        {split.mode === 'items' && (
          <section aria-labelledby="bill-items-heading">
            <h3 id="bill-items-heading" className="mb-1 text-sm font-semibold text-slate-700">
              {t('bills.billDialog.items')}
            </h3>
            <ul
              aria-labelledby="bill-items-heading"
              className="divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200"
            >
              {split.items.map((item, i) => (
                <li key={i} className="flex items-baseline gap-2 px-3 py-2 text-sm">
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium text-slate-900">{item.name}</span>
                    <span className="block truncate text-slate-600">
                      {listNames(item.userIds.map(label))}
                    </span>
                  </span>
                  <span className="shrink-0 tabular-nums text-slate-900">{billMoney(item.amount)}</span>
                </li>
              ))}
              {split.charges.map((charge, i) => (
                <li key={`c${i}`} className="flex items-baseline gap-2 px-3 py-2 text-sm">
                  <span className="min-w-0 flex-1 truncate text-slate-700">
                    {charge.name}
                    {/* A fixed charge (issue 36) has an amount and no percent. */}
                    {charge.percent !== undefined && ` (${percentNumber(charge.percent)}%)`}
                  </span>
                  {charge.amount !== undefined && (
                    <span className="shrink-0 tabular-nums text-slate-900">{billMoney(charge.amount)}</span>
                  )}
                </li>
              ))}
            </ul>
          </section>
        )}

        <section aria-labelledby="bill-shares-heading">
          <h3 id="bill-shares-heading" className="mb-1 text-sm font-semibold text-slate-700">
            {t('bills.eachShare')}
          </h3>
          <ul
            aria-labelledby="bill-shares-heading"
            className="divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200"
          >
            {bill.shares.map((share) => (
              <li
                key={share.userId}
                data-testid="share"
                className={`flex items-baseline gap-2 px-3 py-2 text-sm ${share.userId === meId ? 'bg-brand-50/70 dark:bg-brand-950/40 font-semibold' : ''}`}
              >
                <PersonName
                  name={label(share.userId)}
                  isGuest={guestMark(share.userId)}
                  className="flex-1 text-slate-900"
                />
                <span className="shrink-0 tabular-nums text-slate-900">{money(share.amount)}</span>
              </li>
            ))}
          </ul>
        </section>

        <BillHistory roomId={room.id} billId={bill.id} meId={meId} nameOf={label} />

        {canChange && (
          <div className="flex gap-3">
            <Link
              to={`/room/${room.id}/bill/${bill.id}/edit`}
              state={{ from: `/room/${room.id}` }}
              className="inline-flex min-h-12 flex-1 items-center justify-center gap-2 rounded-full bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400"
            >
              <PencilSquareIcon aria-hidden="true" className="size-5" />
              {t('bills.billDialog.edit')}
            </Link>
            <button
              type="button"
              onClick={() => {
                setError(null);
                setConfirming(true);
              }}
              className="inline-flex min-h-12 flex-1 items-center justify-center gap-2 rounded-full bg-surface px-5 font-semibold text-red-700 dark:text-red-300 ring-1 ring-red-300 dark:ring-red-800 hover:bg-red-50 dark:hover:bg-red-950/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 dark:focus-visible:outline-red-400"
            >
              <TrashIcon aria-hidden="true" className="size-5" />
              {t('bills.billDialog.delete')}
            </button>
          </div>
        )}
      </div>
    </Dialog>
  );
}
