import type { Bill } from '@outing/contract';
import { Dialog, DialogCloseButton } from '../../../components/dialog';
import { useT } from '../../../i18n/use-t';
import { formatAmount } from '../../../lib/money';
import type { Transfer } from './money-summary';

interface TransferDialogProps {
  transfer: Transfer;
  currency: string;
  bills: Bill[];
  /** The transfer as a sentence: "ben_k pays you". */
  title: string;
  onClose: () => void;
}

/** Which bills make up a suggested transfer (`transfers[].bills`): each bill's part, adding up to the transfer. */
export function MoneyTransferDialog({ transfer, currency, bills, title, onClose }: TransferDialogProps) {
  const t = useT();
  const money = (amount: number) => formatAmount(amount, currency);
  const nameOf = (billId: number) =>
    bills.find((b) => b.id === billId)?.name ?? t('bills.billFallback', { id: billId });
  return (
    <Dialog
      title={title}
      description={t('bills.transferDialog.description', { amount: money(transfer.amount) })}
      onClose={onClose}
      headerAction={<DialogCloseButton onClose={onClose} />}
    >
      <div className="overflow-y-auto px-5 pt-3 pb-5">
        <ul
          aria-label={t('bills.transferDialog.billsLabel')}
          className="divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200"
        >
          {transfer.bills.map((part) => (
            <li
              key={part.billId}
              data-testid="transfer-part"
              className="flex items-baseline gap-2 px-3 py-2.5 text-sm"
            >
              <span className="min-w-0 flex-1 truncate font-medium text-slate-900">
                {nameOf(part.billId)}
              </span>
              <span className="shrink-0 tabular-nums text-slate-900">{money(part.amount)}</span>
            </li>
          ))}
        </ul>
        <p className="mt-3 text-xs text-slate-600">{t('bills.transferDialog.note')}</p>
      </div>
    </Dialog>
  );
}
