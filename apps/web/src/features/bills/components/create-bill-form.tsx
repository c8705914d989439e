import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { Bill, User } from '@outing/contract';
import { FormAlert } from '@/components/form/form-alert';
import { primaryButtonClass } from '@/components/form/submit-button';
import { useT } from '@/lib/i18n/use-t';
import { formatMoneyInput } from '@/lib/money';
import type { BillDraft } from '../lib/bill-draft';
import { emptyExtras, type BillExtras } from '../lib/bill-extras';
import { guessCategory } from '../lib/guess-category';
import { useBillErrors } from '../lib/use-bill-errors';
import { useBillEvaluation } from '../lib/use-bill-evaluation';
import { useEveryoneFollowsMembers } from '../lib/use-everyone-follows';
import { useSaveBill } from '../lib/use-save-bill';
import { BillCategoryPicker } from './bill-category-picker';
import { BillCurrency } from './bill-currency';
import { BillNoteField } from './bill-note-field';
import { BillPaidBy } from './bill-paid-by';
import { BillSplitFields } from './bill-split-fields';
import { BillReview } from './create-bill-review';
import { ReceiptField } from './receipt-field';
import { MoneyField, SplitField } from './split-field';
import { SplitPreview } from './split-preview';

export interface BillFormProps {
  roomId: string;
  currency: string;
  locale: string;
  me: User;
  /** Everyone in the room, the signed-in user included. */
  members: User[];
  initial: BillDraft;
  /** The bill's category, note and receipt (edit); none for a new bill. */
  initialExtras?: BillExtras;
  /** Editing this bill (PATCH); a new bill otherwise (POST). */
  billId?: number;
  /** Called once the bill is saved. A failed save keeps the form as it is, whatever the status (409 included). */
  onSaved: (bill: Bill) => Promise<void> | void;
}

/**
 * Add or edit a bill the way it happened (issue #18): who paid, how it splits (equally, exact amounts, shares,
 * percent, items with charges), each share live, a review step, then one save. What was typed survives every
 * failure: the draft lives here until the bill is saved.
 */
export function CreateBillForm(props: BillFormProps) {
  const { roomId, currency: roomCurrency, locale, me, members, billId, onSaved } = props;
  const t = useT();
  const [draft, setDraft] = useState(props.initial);
  // The bill's own currency (issue 36): the room's, or the one picked on the amount's chip. Amounts are typed in it.
  const currency = draft.foreign?.currency ?? roomCurrency;
  const [extras, setExtras] = useState(() => props.initialExtras ?? emptyExtras());
  const [uploading, setUploading] = useState(false);
  const [step, setStep] = useState<'form' | 'review'>('form');
  const [alert, setAlert] = useState<string | null>(null);
  // Bumped to move focus to the first invalid field once the form has rendered its errors.
  const [focusRequest, setFocusRequest] = useState(0);
  const reviewButton = useRef<HTMLButtonElement>(null);
  // Someone who joins while a new bill is open is in its "everyone" (issue 37), unless the split was edited.
  useEveryoneFollowsMembers(
    members.map((m) => m.id),
    setDraft,
    billId === undefined,
  );

  const { evaluation, payersCheck, foreignCheck, payerAmounts, room } = useBillEvaluation(draft, {
    currency,
    roomCurrency,
    locale,
    members,
    billId,
  });
  const errors = useBillErrors({ evaluation, mode: draft.mode, note: extras.note, uploading });
  const { touch, errorOf } = errors;
  const { busy, save } = useSaveBill({
    roomId,
    roomCurrency,
    billId,
    initialExtras: props.initialExtras,
    onSaved,
    report: {
      alert: setAlert,
      refused: (placed) => {
        errors.setServerErrors(placed);
        setFocusRequest((n) => n + 1);
        setStep('form');
      },
    },
  });

  useEffect(() => {
    if (focusRequest > 0) document.querySelector<HTMLElement>('form [aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  /** A field edited: its server error no longer applies (for lists, every error of the list). */
  const change = (next: BillDraft, ...keys: string[]) => {
    setDraft(next);
    errors.forget(...keys);
  };
  /** A name typed: its category guessed, while the person has not chosen one. */
  const rename = (name: string) => {
    change({ ...draft, name }, 'name');
    if (!extras.categoryPicked) setExtras((e) => ({ ...e, category: guessCategory(name) }));
  };
  const changeExtras = (next: BillExtras, key: string) => {
    setExtras(next);
    errors.forget(key);
  };

  const review = (event: FormEvent) => {
    event.preventDefault();
    errors.setShowAll(true);
    setAlert(null);
    const extrasInvalid = Object.values(errors.extrasErrors).some(Boolean);
    const payersInvalid =
      (payersCheck !== null && !payersCheck.ok) || (foreignCheck !== null && foreignCheck.body === null);
    const refused = Object.keys(errors.serverErrors).length > 0; // a server's errors not yet edited away
    if (evaluation.body === null || extrasInvalid || payersInvalid || refused) {
      setFocusRequest((n) => n + 1);
      return;
    }
    setStep('review');
  };

  if (step === 'review' && evaluation.result)
    return (
      <BillReview
        draft={draft}
        extras={extras}
        result={evaluation.result}
        about={evaluation.about}
        members={members}
        meId={me.id}
        currency={currency}
        roomCurrency={roomCurrency}
        payers={payerAmounts}
        foreign={foreignCheck?.body ?? null}
        room={room}
        locale={locale}
        alert={alert}
        busy={busy}
        saveLabel={billId === undefined ? t('bills.createBill') : t('bills.form.saveChanges')}
        onSave={() => void save({ draft, extras, evaluation, payersCheck, foreignCheck, currency })}
        onBack={() => {
          setAlert(null);
          setStep('form');
          requestAnimationFrame(() => reviewButton.current?.focus());
        }}
      />
    );

  const amountText =
    draft.mode === 'items'
      ? evaluation.total === null
        ? ''
        : formatMoneyInput(evaluation.total, currency, locale)
      : draft.amount;
  return (
    <form noValidate onSubmit={review} className="flex flex-col gap-5">
      <FormAlert message={alert} />
      <SplitField
        label={t('bills.form.name')}
        placeholder={t('bills.form.namePlaceholder')}
        autoComplete="off"
        maxLength={60}
        value={draft.name}
        onChange={rename}
        onBlur={() => touch('name')}
        error={errorOf('name')}
      />
      <MoneyField
        label={t('bills.form.amount')}
        name="amount"
        currency={currency}
        locale={locale}
        value={amountText}
        readOnly={draft.mode === 'items'}
        hint={
          draft.mode === 'items' ? t('bills.form.amountFromItems') : t('bills.form.amountIn', { currency })
        }
        onChange={(amount) => change({ ...draft, amount }, 'amount')}
        onBlur={() => touch('amount')}
        error={errorOf('amount')}
      />
      <BillCurrency
        roomId={roomId}
        roomCurrency={roomCurrency}
        locale={locale}
        foreign={draft.foreign}
        check={foreignCheck}
        showErrors={errors.showAll}
        onChange={(foreign) => {
          const { foreign: _old, ...rest } = draft;
          change(foreign ? { ...rest, foreign } : rest, 'currency', 'rate', 'convertedAmount');
        }}
      />
      <BillCategoryPicker
        value={extras.category}
        guessed={!extras.categoryPicked}
        onChange={(category) => changeExtras({ ...extras, category, categoryPicked: true }, 'category')}
      />
      {errorOf('category') && (
        <p className="-mt-3 text-sm text-red-700 dark:text-red-300">{errorOf('category')}</p>
      )}
      <BillPaidBy
        draft={draft}
        payersCheck={payersCheck}
        members={members}
        meId={me.id}
        currency={currency}
        locale={locale}
        amountText={amountText}
        showErrors={errors.showAll}
        error={errorOf('paidBy')}
        onChange={(next) => change(next, 'paidBy')}
      />
      <BillSplitFields
        draft={draft}
        members={members}
        meId={me.id}
        currency={currency}
        locale={locale}
        groupError={errors.groupError}
        change={change}
        touch={touch}
        errorOf={errorOf}
      />
      <SplitPreview
        evaluation={evaluation}
        mode={draft.mode}
        members={members}
        meId={me.id}
        currency={currency}
        roomCurrency={roomCurrency}
        room={room}
        locale={locale}
      />
      <ReceiptField
        receipt={extras.receipt}
        billName={draft.name}
        onChange={(receipt) => changeExtras({ ...extras, receipt }, 'receiptPictureId')}
        onUploadingChange={setUploading}
        error={errorOf('receiptPictureId')}
      />
      <BillNoteField
        value={extras.note}
        onChange={(note) => changeExtras({ ...extras, note }, 'note')}
        onBlur={() => touch('note')}
        error={errorOf('note') ?? errors.extrasErrors.note}
      />
      <button ref={reviewButton} type="submit" className={primaryButtonClass}>
        {t('bills.form.review')}
      </button>
    </form>
  );
}
