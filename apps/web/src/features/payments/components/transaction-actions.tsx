import { useState } from 'react';
import type { Transaction } from '@outing/contract';
import { useAuth } from '@/hooks/use-auth';
import { useToast } from '@/hooks/use-toast';
import { t } from '@/lib/i18n/i18n';
import type { MessageKey } from '@/lib/i18n/keys';
import { useT } from '@/lib/i18n/use-t';
import { formatAmount } from '@/lib/money';
import { useChangeTransaction, type TransactionChange } from '../api/change-transaction';
import { useCanUndo } from '../lib/undo-window';
import { CHANGE_SUCCESS, changeErrorMessage } from '../messages';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { personName } from '@/lib/person-name';

type Action = 'cash' | 'confirm' | 'dispute' | 'undo';

const CALL: Record<Action, TransactionChange> = {
  cash: 'confirm',
  confirm: 'confirm',
  dispute: 'dispute',
  undo: 'undo',
};
const BUTTON: Record<Action, MessageKey> = {
  cash: 'payments.action.cash',
  confirm: 'payments.action.confirm',
  dispute: 'payments.action.dispute',
  undo: 'payments.action.undo',
};
/** The button's name with the amount and the other person: "Confirm received $18.40 from ben_k". */
const BUTTON_LABEL: Record<Action, MessageKey> = {
  cash: 'payments.actionLabel.cash',
  confirm: 'payments.actionLabel.confirm',
  dispute: 'payments.actionLabel.dispute',
  undo: 'payments.actionLabel.undo',
};

/** The steps open to the signed-in user on this transaction (docs/api/README.md#settling). */
export function availableActions(transaction: Transaction, userId: number, canUndo: boolean): Action[] {
  if (transaction.payeeId === userId) {
    if (transaction.status === 'unpaid') return ['cash'];
    if (transaction.status === 'paid') return ['confirm', 'dispute'];
  }
  if (transaction.payerId === userId && transaction.status === 'paid' && canUndo) return ['undo'];
  return [];
}

function confirmText(action: Action, amount: string, payer: string, payee: string) {
  switch (action) {
    case 'cash':
      return {
        title: t('payments.ask.cashTitle'),
        description: t('payments.ask.cashBody', { amount, payer }),
        confirmLabel: t('payments.ask.cashConfirm'),
      };
    case 'confirm':
      return {
        title: t('payments.ask.confirmTitle'),
        description: t('payments.ask.confirmBody', { amount, payer }),
        confirmLabel: t('payments.ask.confirmConfirm'),
      };
    case 'dispute':
      return {
        title: t('payments.ask.disputeTitle'),
        description: t('payments.ask.disputeBody', { amount, payer }),
        confirmLabel: t('payments.ask.disputeConfirm'),
      };
    case 'undo':
      return {
        title: t('payments.ask.undoTitle'),
        description: t('payments.ask.undoBody', { amount, payee }),
        confirmLabel: t('payments.ask.undoConfirm'),
      };
  }
}

const buttonClass: Record<'primary' | 'secondary', string> = {
  primary:
    'inline-flex min-h-11 items-center justify-center rounded-full bg-brand-600 px-4 text-sm font-semibold text-white shadow-sm transition hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400',
  secondary:
    'inline-flex min-h-11 items-center justify-center rounded-full bg-surface px-4 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 transition hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400',
};

/**
 * The payee's Confirm received / Not received / Mark received (cash), and the payer's Undo, each asked first.
 * The lists and the detail refetch after the answer; the other side's screen follows by `TRANSACTION_UPDATED`.
 */
export function TransactionActions({
  transaction,
  className = '',
  onAsking,
}: {
  transaction: Transaction;
  className?: string;
  /** Told when a confirmation opens or closes (a dialog around this one stays put meanwhile). */
  onAsking?: (asking: boolean) => void;
}) {
  useT();
  const { user } = useAuth();
  const toast = useToast();
  const [asking, setAsking] = useState<Action | null>(null);
  const change = useChangeTransaction({
    onSuccess: (call) => toast.success(t(CHANGE_SUCCESS[call])),
    onError: (call, error) => toast.error(changeErrorMessage(call, error)),
    onSettled: () => ask(null),
  });
  const canUndo = useCanUndo(transaction);
  const actions = availableActions(transaction, user.id, canUndo);
  const amount = formatAmount(transaction.amount, transaction.currency);
  const payer = personName(transaction.payer);
  const payee = personName(transaction.payee);

  const ask = (action: Action | null) => {
    setAsking(action);
    onAsking?.(action !== null);
  };

  const run = (action: Action) => {
    if (change.isPending) return;
    const call = CALL[action];
    change.mutate({ transaction, change: call });
  };

  if (actions.length === 0 && asking === null) return null;
  const other = transaction.payeeId === user.id ? payer : payee;
  return (
    <div className={`flex flex-wrap gap-2 ${className}`}>
      {actions.map((action, i) => (
        <button
          key={action}
          type="button"
          aria-label={t(BUTTON_LABEL[action], { amount, name: other })}
          onClick={() => ask(action)}
          className={buttonClass[i === 0 && action !== 'undo' ? 'primary' : 'secondary']}
        >
          {t(BUTTON[action])}
        </button>
      ))}
      {asking && (
        <ConfirmDialog
          {...confirmText(asking, amount, payer, payee)}
          tone={asking === 'dispute' || asking === 'undo' ? 'danger' : 'brand'}
          busy={change.isPending}
          onConfirm={() => run(asking)}
          onCancel={() => ask(null)}
        />
      )}
    </div>
  );
}
