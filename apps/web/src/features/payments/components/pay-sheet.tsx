import { useState } from 'react';
import { CreditCardIcon } from '@heroicons/react/24/outline';
import type { Transaction } from '@outing/contract';
import { Dialog } from '@/components/dialog';
import { ButtonSpinner, primaryButtonClass } from '@/components/form/submit-button';
import { EmptyState, ErrorState, LoadingState } from '@/components/list-states';
import { MoneyText } from '@/components/money-text';
import { useT } from '@/lib/i18n/use-t';
import { formatMinor } from '@outing/ledger';
import { currencyDigits, formatAmount, toMinor } from '@/lib/money';
import { usePaymentOptions } from '../api/get-payment-options';
import { PayOption } from './pay-option';
import { personName } from '@/lib/person-name';

const secondaryClass =
  'inline-flex h-12 w-full items-center justify-center rounded-full bg-surface px-6 text-base font-semibold text-slate-800 ring-1 ring-slate-300 transition hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400 disabled:opacity-60';

export interface PaySheetProps {
  /** An unpaid transaction of which the signed-in user is the payer. */
  transaction: Transaction;
  /** The settle call is in flight. */
  settling: boolean;
  /** "Yes, I've paid": the owner sends `PATCH settle`. */
  onPaid: () => void;
  onClose: () => void;
}

function Options({ transaction, amount }: { transaction: Transaction; amount: string }) {
  const t = useT();
  const options = usePaymentOptions(transaction.id);
  if (options.isPending) return <LoadingState label={t('payments.sheet.loadingOptions')} />;
  if (options.isError)
    return (
      <ErrorState message={t('payments.sheet.optionsLoadFailed')} onRetry={() => void options.refetch()} />
    );
  if (options.data.length === 0)
    return (
      <EmptyState icon={CreditCardIcon} title={t('payments.sheet.noOptionsTitle')}>
        {t('payments.sheet.noOptions', { payee: personName(transaction.payee) })}
      </EmptyState>
    );
  const { currency } = transaction;
  const plainAmount = formatMinor(toMinor(transaction.amount, currency), currencyDigits(currency));
  return (
    <ul aria-label={t('payments.sheet.waysToPay')} className="flex flex-col gap-3">
      {options.data.map((option, i) => (
        <PayOption
          key={`${option.kind}-${i}`}
          option={option}
          amount={amount}
          payee={personName(transaction.payee)}
          currency={currency}
          plainAmount={plainAmount}
        />
      ))}
    </ul>
  );
}

/**
 * Paying a transaction from the app (issue #19): the amount, the reference, each of the payee's handles as a QR
 * code or link with the amount filled in; then "I've paid", confirmed on a second step, marks it paid.
 */
export function PaySheet({ transaction, settling, onPaid, onClose }: PaySheetProps) {
  const t = useT();
  const [step, setStep] = useState<'pay' | 'confirm'>('pay');
  const amount = formatAmount(transaction.amount, transaction.currency);
  const payee = personName(transaction.payee);

  return (
    // A new dialog per step: each focuses its first button, and focus never falls to the page in between.
    <Dialog
      key={step}
      title={step === 'pay' ? t('payments.sheet.payTitle', { payee }) : t('payments.sheet.confirmTitle')}
      onClose={onClose}
      dismissible={!settling}
      role={step === 'pay' ? 'dialog' : 'alertdialog'}
      description={
        step === 'pay'
          ? t('payments.sheet.payDescription', { room: transaction.roomName, payee })
          : t('payments.sheet.confirmDescription', { amount, payee })
      }
    >
      {step === 'pay' ? (
        <>
          <div className="min-h-0 flex-1 overflow-y-auto px-5 pt-3 pb-4">
            <dl className="mb-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-2xl bg-slate-50 px-4 py-3">
              <dt className="text-sm text-slate-600">{t('payments.sheet.amount')}</dt>
              <dd className="text-right text-xl font-bold text-slate-900 tabular-nums">
                <MoneyText>{amount}</MoneyText>
              </dd>
              <dt className="text-sm text-slate-600">{t('payments.sheet.reference')}</dt>
              <dd className="truncate text-right text-sm font-medium text-slate-900">
                {/* The reference the server writes into every payload (payments/options.ts), as the bank shows it. */}
                {
                  `Outing ${transaction.roomName}` /* i18n-ignore: the payment reference, not interface text */
                }
              </dd>
            </dl>
            <Options transaction={transaction} amount={amount} />
          </div>
          <div className="flex flex-col gap-2 border-t border-slate-100 px-5 pt-3 pb-5">
            <button type="button" className={primaryButtonClass} onClick={() => setStep('confirm')}>
              {t('payments.sheet.paid')}
            </button>
          </div>
        </>
      ) : (
        <div className="flex flex-col-reverse gap-3 px-5 pt-5 pb-5 min-[360px]:flex-row">
          <button type="button" disabled={settling} className={secondaryClass} onClick={() => setStep('pay')}>
            {t('payments.sheet.notYet')}
          </button>
          <button
            type="button"
            aria-disabled={settling}
            aria-busy={settling}
            className={`${primaryButtonClass} aria-disabled:opacity-80`}
            onClick={() => {
              if (!settling) onPaid();
            }}
          >
            {settling && <ButtonSpinner />}
            {t('payments.sheet.yesPaid')}
          </button>
        </div>
      )}
    </Dialog>
  );
}
