import type { Bill } from '@outing/contract';
import { Dialog, DialogCloseButton } from '../../../components/dialog';
import { formatAmount } from '../../../lib/money';
import type { Transfer } from './money-summary';

interface TransferDialogProps {
  transfer: Transfer;
  currency: string;
  bills: Bill[];
  label: (id: number) => string;
  onClose: () => void;
}

/** Which bills make up a suggested transfer (`transfers[].bills`): each bill's part, adding up to the transfer. */
export function MoneyTransferDialog({ transfer, currency, bills, label, onClose }: TransferDialogProps) {
  const money = (amount: number) => formatAmount(amount, currency);
  const nameOf = (billId: number) => bills.find((b) => b.id === billId)?.name ?? `Bill ${billId}`;
  return (
    <Dialog
      title={`${label(transfer.payerId)} ${label(transfer.payerId) === 'You' ? 'pay' : 'pays'} ${label(transfer.payeeId)}`}
      description={`${money(transfer.amount)}, made up of these bills:`}
      onClose={onClose}
      headerAction={<DialogCloseButton onClose={onClose} />}
    >
      <div className="overflow-y-auto px-5 pt-3 pb-5">
        <ul
          aria-label="Bills in this payment"
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
        <p className="mt-3 text-xs text-slate-600">
          Shares of bills paid by others are offset against each other, so the fewest payments settle
          everyone.
        </p>
      </div>
    </Dialog>
  );
}
