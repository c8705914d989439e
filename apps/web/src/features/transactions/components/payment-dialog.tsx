import { useId, useState, type FormEvent } from 'react';
import { Dialog, DialogCloseButton } from '@/components/dialog';
import { FormAlert } from '@/components/form/form-alert';
import { SubmitButton } from '@/components/form/submit-button';
import { TextField } from '@/components/form/text-field';
import { useT } from '@/lib/i18n/use-t';
import { isApiError } from '@/lib/api-client';
import { refusalText } from '@/lib/api-error';
import { formatAmount, formatMoneyInput, parseMoneyInput, toAmount, toMinor } from '@/lib/money';

const NOTE_MAX = 500;

export interface PaymentDialogProps {
  /** `paid`: I paid them ("Mark as paid", they confirm); `received`: they paid me ("Mark received"). */
  side: 'paid' | 'received';
  /** The other person's name as the screen shows it. */
  name: string;
  currency: string;
  /** What is owed now between the two (major units): the amount offered, and the limit when `limit` is set. */
  owed: number;
  /** Refuse more than `owed` here already (settling across rooms: the server refuses it too). */
  limit?: boolean;
  /** Sends the payment; rejects with the server's error. */
  onSubmit: (amount: number, note: string) => Promise<unknown>;
  /** After the server said yes (the dialog is closed by its owner). */
  onDone: (amount: number) => void;
  onClose: () => void;
}

/**
 * A payment of any amount, all of what is owed by default (docs/money.md: anyone pays anytime, any amount): by the
 * payer, awaiting the payee's confirmation, or by the payee, received at once. Nothing typed is lost on a refusal:
 * the server's sentence shows above the button and the fields keep their text.
 */
export function PaymentDialog({
  side,
  name,
  currency,
  owed,
  limit = false,
  onSubmit,
  onDone,
  onClose,
}: PaymentDialogProps) {
  const t = useT();
  const noteId = useId();
  const [amountText, setAmountText] = useState(() =>
    owed > 0 ? formatMoneyInput(toMinor(owed, currency), currency) : '',
  );
  const [note, setNote] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const owedText = formatAmount(owed, currency);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    const parsed = parseMoneyInput(amountText, currency);
    if (!parsed.ok) return setAmountError(parsed.message);
    if (limit && parsed.minor > toMinor(owed, currency))
      return setAmountError(t('balances.record.moreThanOwed', { amount: owedText }));
    if (note.length > NOTE_MAX) return;
    setAmountError(null);
    setBusy(true);
    const amount = toAmount(parsed.minor, currency);
    try {
      await onSubmit(amount, note.trim());
      onDone(amount);
    } catch (error) {
      setFailure(isApiError(error) ? refusalText(error) : t('errors.generic'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      title={
        side === 'paid'
          ? t('balances.record.titlePaid', { name })
          : t('balances.record.titleReceived', { name })
      }
      description={
        owed > 0
          ? side === 'paid'
            ? t('balances.record.descriptionPaid', { name, amount: owedText })
            : t('balances.record.descriptionReceived', { name, amount: owedText })
          : undefined
      }
      onClose={onClose}
      dismissible={!busy}
      headerAction={<DialogCloseButton onClose={onClose} />}
    >
      <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4 px-5 pt-3 pb-5">
        <TextField
          label={t('balances.record.amount', { currency })}
          inputMode="decimal"
          autoComplete="off"
          value={amountText}
          onChange={(e) => setAmountText(e.target.value)}
          error={amountError ?? undefined}
          hint={t('balances.record.hint')}
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={noteId} className="text-sm font-medium text-slate-800">
            {t('balances.record.note')}
          </label>
          <textarea
            id={noteId}
            rows={2}
            value={note}
            onChange={(e) => setNote(e.target.value.replace(/[\r\n]+/g, ' '))}
            aria-invalid={note.length > NOTE_MAX ? true : undefined}
            className="block w-full rounded-xl border border-slate-300 bg-surface px-4 py-3 text-base text-slate-900 shadow-xs focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none dark:focus:ring-brand-800"
          />
          {note.length > NOTE_MAX && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-300">
              {t('balances.record.noteTooLong', { max: NOTE_MAX })}
            </p>
          )}
        </div>
        <FormAlert message={failure} />
        <SubmitButton busy={busy}>
          {side === 'paid' ? t('balances.record.submitPaid') : t('balances.record.submitReceived')}
        </SubmitButton>
      </form>
    </Dialog>
  );
}
