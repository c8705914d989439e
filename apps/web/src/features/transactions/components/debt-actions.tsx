import { useState } from 'react';
import { useToast } from '@/hooks/use-toast';
import { useT } from '@/lib/i18n/use-t';
import { formatAmount } from '@/lib/money';
import { PaySheet } from '@/features/payments/components/pay-sheet';
import { useRecordPayment } from '../api/record-payment';
import { useSettleTransaction } from '../api/settle-transaction';
import { useTransactionDetail } from '@/features/payments/api/get-transaction';
import { settleErrorMessage } from '../messages';
import { PaymentDialog } from './payment-dialog';

interface DebtActionsProps {
  roomId: string;
  meId: number;
  payerId: number;
  payeeId: number;
  /** The room's unpaid transaction that carries this debt (GET /rooms/{id}/balances `transactionId`). */
  transactionId?: number;
  amount: number;
  currency: string;
  /** The other person's name as the screen shows it. */
  name: string;
}

const primary =
  'inline-flex min-h-11 items-center rounded-full bg-brand-600 px-4 text-sm font-semibold text-white shadow-sm transition hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400 active:bg-brand-800 aria-disabled:opacity-80';
const secondary =
  'inline-flex min-h-11 items-center rounded-full px-3.5 text-sm font-semibold text-brand-700 ring-1 ring-brand-200 transition hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-brand-300 dark:ring-brand-800 dark:hover:bg-brand-950/40 dark:focus-visible:outline-brand-400';

/**
 * What I can do about one debt of the room, whoever I am in it (docs/money.md: anyone pays anytime, any amount):
 * as the payer, Pay (the pay sheet of its unpaid transaction, then "Yes, I've paid") or another amount; as the
 * payee, record a payment I received. Nothing for a debt between two others.
 */
export function DebtActions({
  roomId,
  meId,
  payerId,
  payeeId,
  transactionId,
  amount,
  currency,
  name,
}: DebtActionsProps) {
  const t = useT();
  const toast = useToast();
  const iPay = payerId === meId;
  const iReceive = payeeId === meId;
  // The pay sheet needs the whole transaction: this debt's own (the room's balances name its id).
  const detail = useTransactionDetail(transactionId ?? 0, { enabled: iPay && transactionId !== undefined });
  const transaction = detail.data?.status === 'unpaid' ? detail.data : undefined;
  const [sheet, setSheet] = useState(false);
  const [other, setOther] = useState(false);
  const record = useRecordPayment();
  const settle = useSettleTransaction({
    onSuccess: () => {
      setSheet(false);
      toast.success(t('balances.record.paidToast', { name }));
    },
    onError: (error) => toast.error(settleErrorMessage(error)),
  });
  if (!iPay && !iReceive) return null;
  const money = formatAmount(amount, currency);

  return (
    <div className="flex flex-wrap justify-end gap-2 px-4 pb-3">
      <button
        type="button"
        onClick={() => setOther(true)}
        aria-label={
          iPay ? t('balances.record.openPaid', { name }) : t('balances.record.openReceived', { name })
        }
        className={secondary}
      >
        {iPay ? t('balances.record.open') : t('transactions.recordReceived')}
      </button>
      {iPay && transaction && (
        <button
          type="button"
          onClick={() => setSheet(true)}
          aria-label={t('transactions.settleLabel', { amount: money, name })}
          aria-busy={settle.isPending}
          className={primary}
        >
          {t('transactions.settle')}
        </button>
      )}
      {sheet && transaction && (
        <PaySheet
          transaction={transaction}
          settling={settle.isPending}
          onPaid={() => {
            if (!settle.isPending) settle.mutate(transaction);
          }}
          onClose={() => setSheet(false)}
        />
      )}
      {other && (
        <PaymentDialog
          side={iPay ? 'paid' : 'received'}
          name={name}
          currency={currency}
          owed={amount}
          onSubmit={(value, note) =>
            record.mutateAsync({
              roomId,
              payerId,
              payeeId,
              amount: value,
              ...(note ? { note } : {}),
            })
          }
          onDone={(value) => {
            setOther(false);
            toast.success(
              iPay
                ? t('balances.record.paidToast', { name })
                : t('balances.record.receivedToast', { name, amount: formatAmount(value, currency) }),
            );
          }}
          onClose={() => setOther(false)}
        />
      )}
    </div>
  );
}
