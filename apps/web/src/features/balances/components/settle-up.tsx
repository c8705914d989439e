import { useState } from 'react';
import { t } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { useToast } from '@/hooks/use-toast';
import { useSettleWith } from '@/features/transactions/api/record-payment';
import { PaymentDialog } from '@/features/transactions/components/payment-dialog';

interface SettleUpProps {
  meId: number;
  /** Whom the signed-in user pays. */
  userId: number;
  /** How they are shown ("Settle up with {name}", "Pay {name}"). */
  name: string;
  currency: string;
  /** What the signed-in user owes them in `currency` (> 0). */
  owed: number;
  className?: string;
}

/**
 * "Settle up with {name}": one payment across the rooms of a currency where the signed-in user owes them, oldest
 * room first (POST /transactions/settle, docs/api/README.md#settling), all of it by default or any part. Home's
 * Balances card and a friend's page both use it.
 */
export function SettleUp({ meId, userId, name, currency, owed, className = '' }: SettleUpProps) {
  useT();
  const [paying, setPaying] = useState(false);
  const toast = useToast();
  const settle = useSettleWith(meId);
  return (
    <>
      <button
        type="button"
        onClick={() => setPaying(true)}
        aria-label={t('balances.settle.label', { name })}
        className={`min-h-11 shrink-0 rounded-xl bg-brand-600 px-3 text-sm font-semibold text-white transition hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400 ${className}`}
      >
        {t('balances.settle.button')}
      </button>
      {paying && (
        <PaymentDialog
          side="paid"
          name={name}
          currency={currency}
          owed={owed}
          limit
          onSubmit={(amount, note) =>
            settle.mutateAsync({ userId, currency, amount, ...(note ? { note } : {}) })
          }
          onDone={() => {
            setPaying(false);
            toast.success(t('balances.record.paidToast', { name }));
          }}
          onClose={() => setPaying(false)}
        />
      )}
    </>
  );
}
