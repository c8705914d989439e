import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import type { Bill, User } from '@outing/contract';
import { FormAlert } from '@/components/form/form-alert';
import { primaryButtonClass } from '@/components/form/submit-button';
import { useSubmitGuard } from '@/components/form/use-submit-guard';
import { useT } from '@/lib/i18n/use-t';
import { isApiError, refusalText } from '@/lib/api-error';
import { isOffline } from '@/lib/connectivity';
import { formatMoneyInput, toAmount } from '@/lib/money';
import { useCreateBill } from '../api/create-bill';
import { useEditBill } from '../api/edit-bill';
import { switchMode, type BillDraft } from '../lib/bill-draft';
import { emptyExtras, extrasBody, newExtrasBody, noteError, type BillExtras } from '../lib/bill-extras';
import { guessCategory } from '../lib/guess-category';
import { evaluateDraft, fieldOfPath } from '../lib/bill-evaluate';
import { saveBillErrorMessage } from '../messages';
import { BillCategoryPicker } from './bill-category-picker';
import { AddPayer, BillPayers } from './bill-payers';
import { BillCurrency } from './bill-currency';
import { checkForeign } from '../lib/bill-foreign';
import { roomAmounts } from '../lib/bill-room-amounts';
import { rememberRate } from '../lib/last-rate';
import { checkPayers, payerDraft, payersBody } from '../lib/bill-payers';
import { BillNoteField } from './bill-note-field';
import { BillReview } from './create-bill-review';
import { ReceiptField } from './receipt-field';
import { MoneyField, SplitField } from './split-field';
import { SplitCharges } from './split-charges';
import { SplitItems } from './split-items';
import { SplitModeTabs } from './split-mode-tabs';
import { SplitPeople, optionName } from './split-people';
import { SplitPerPerson } from './split-per-person';
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
  const create = useCreateBill();
  const edit = useEditBill();
  const guard = useSubmitGuard();
  const paidById = useId();
  const [draft, setDraft] = useState(props.initial);
  // The bill's own currency (issue 36): the room's, or the one picked on the amount's chip. Amounts are typed in it.
  const currency = draft.foreign?.currency ?? roomCurrency;
  const [extras, setExtras] = useState(() => props.initialExtras ?? emptyExtras());
  const [uploading, setUploading] = useState(false);
  const [step, setStep] = useState<'form' | 'review'>('form');
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [showAll, setShowAll] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Bumped to move focus to the first invalid field once the form has rendered its errors.
  const [focusRequest, setFocusRequest] = useState(0);
  const reviewButton = useRef<HTMLButtonElement>(null);

  const memberIds = useMemo(() => members.map((m) => m.id), [members]);
  const evaluation = useMemo(
    () => evaluateDraft(draft, { currency, locale, memberIds, ...(billId !== undefined && { billId }) }),
    [draft, currency, locale, memberIds, billId],
  );

  // Several payers (issue 36): their amounts against the bill's total, in its currency.
  const payersCheck = useMemo(
    () => (draft.payers ? checkPayers(draft.payers, evaluation.total, currency, locale) : null),
    [draft.payers, evaluation.total, currency, locale],
  );

  const foreignCheck = useMemo(
    () => (draft.foreign ? checkForeign(draft.foreign, evaluation.total, roomCurrency, locale) : null),
    [draft.foreign, evaluation.total, roomCurrency, locale],
  );

  // Who paid what in the bill's currency, and, for a bill in another currency, everything in the room's.
  const payerAmounts = useMemo(() => {
    const total = evaluation.result?.total ?? null;
    if (total === null) return [];
    if (draft.payers && payersCheck?.ok)
      return draft.payers.map((p, i) => ({ userId: p.userId, minor: payersCheck.amounts[i]! }));
    return [{ userId: draft.paidBy, minor: total }];
  }, [evaluation.result, draft.payers, draft.paidBy, payersCheck]);
  const room = useMemo(
    () =>
      evaluation.result && foreignCheck?.converted != null && payerAmounts.length > 0
        ? roomAmounts(evaluation.result, payerAmounts, foreignCheck.converted, billId)
        : null,
    [evaluation.result, foreignCheck, payerAmounts, billId],
  );

  useEffect(() => {
    if (focusRequest > 0) document.querySelector<HTMLElement>('form [aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const touch = (key: string) => setTouched((t) => (t.has(key) ? t : new Set(t).add(key)));
  /** A field edited: its server error no longer applies (for lists, every error of the list). */
  const change = (next: BillDraft, ...keys: string[]) => {
    setDraft(next);
    setServerErrors((errors) => {
      const kept = Object.entries(errors).filter(
        ([k]) => !keys.some((key) => k === key || k.startsWith(`${key}.`)),
      );
      return kept.length === Object.keys(errors).length ? errors : Object.fromEntries(kept);
    });
  };
  // The category, note and receipt: checked here, not by the split's evaluation (they change no one's share).
  const extrasErrors: Record<string, string | undefined> = {
    note: noteError(extras.note),
    receiptPictureId: uploading ? t('bills.receipt.waitUpload') : undefined,
  };
  const errorOf = (key: string) =>
    serverErrors[key] ??
    (showAll || touched.has(key) ? (evaluation.errors[key] ?? extrasErrors[key]) : undefined);
  /** A name typed: its category guessed, while the person has not chosen one. */
  const rename = (name: string) => {
    change({ ...draft, name }, 'name');
    if (!extras.categoryPicked) setExtras((e) => ({ ...e, category: guessCategory(name) }));
  };
  const changeExtras = (next: BillExtras, key: string) => {
    setExtras(next);
    setServerErrors((errors) => {
      if (!(key in errors)) return errors;
      const { [key]: _dropped, ...kept } = errors;
      return kept;
    });
  };
  const groupError =
    serverErrors.split ??
    serverErrors[draft.mode === 'items' ? 'items' : draft.mode] ??
    (showAll
      ? (evaluation.errors[draft.mode] ?? evaluation.errors.split ?? evaluation.errors.charges)
      : undefined);

  const review = (event: FormEvent) => {
    event.preventDefault();
    setShowAll(true);
    setAlert(null);
    const extrasInvalid = Object.values(extrasErrors).some(Boolean);
    const payersInvalid =
      (payersCheck !== null && !payersCheck.ok) || (foreignCheck !== null && foreignCheck.body === null);
    if (evaluation.body === null || extrasInvalid || payersInvalid || Object.keys(serverErrors).length > 0) {
      setFocusRequest((n) => n + 1);
      return;
    }
    setStep('review');
  };

  const save = guard(async () => {
    const { body, total } = evaluation;
    if (!body || total === null) return;
    // Offline, a save would only wait (issue #21): refused at once, and the form keeps everything typed.
    if (isOffline()) {
      setAlert(billId === undefined ? t('bills.offlineCreate') : t('bills.offlineEdit'));
      return;
    }
    setBusy(true);
    setAlert(null);
    const amount = draft.mode === 'items' ? {} : { amount: toAmount(total, currency) };
    // One payer: the id, as before; two or more: the list (docs/api/README.md "Real bills").
    const paidBy =
      draft.payers && payersCheck ? payersBody(draft.payers, payersCheck, currency) : draft.paidBy;
    // A bill taken back to the room's currency says so; one that never left it sends no currency, as before.
    const currencyBody = draft.foreign
      ? foreignCheck?.body
      : draft.wasForeign
        ? { currency: roomCurrency }
        : {};
    const common = { name: draft.name.trim(), paidBy, split: body, ...amount, ...currencyBody };
    try {
      const bill =
        billId === undefined
          ? await create.mutateAsync({ roomId, ...common, ...newExtrasBody(extras) })
          : await edit.mutateAsync({
              id: billId,
              ...common,
              ...extrasBody(extras, props.initialExtras ?? emptyExtras()),
            });
      if (foreignCheck?.body && 'rate' in foreignCheck.body)
        rememberRate(roomId, foreignCheck.body.currency, foreignCheck.body.rate);
      await onSaved(bill);
    } catch (error) {
      setBusy(false);
      if (isApiError(error) && error.status === 400) {
        const placed: Record<string, string> = {};
        const unplaced: string[] = [];
        for (const issue of error.issues) {
          const head = issue.path.replace(/^body\./, '').split('.')[0];
          const field =
            head === 'note' || head === 'receiptPictureId' || head === 'category'
              ? head
              : fieldOfPath(issue.path, evaluation.order);
          if (field) placed[field] ??= issue.message;
          else unplaced.push(issue.message);
        }
        if (error.issues.length === 0) unplaced.push(refusalText(error));
        setServerErrors(placed);
        setAlert(
          unplaced.length > 0
            ? t('bills.createInvalidWith', { problems: unplaced.join('; ') })
            : t('bills.createInvalid'),
        );
        setFocusRequest((n) => n + 1);
        setStep('form');
        return;
      }
      setAlert(saveBillErrorMessage(error, billId !== undefined));
    }
  });

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
        onSave={() => void save()}
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
        showErrors={showAll}
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
      {draft.payers && payersCheck ? (
        <BillPayers
          payers={draft.payers}
          check={payersCheck}
          members={members}
          meId={me.id}
          currency={currency}
          locale={locale}
          showErrors={showAll}
          onChange={(payers) => change({ ...draft, payers }, 'paidBy')}
          onSingle={(paidBy) => {
            const { payers: _list, ...single } = draft;
            change({ ...single, paidBy }, 'paidBy');
          }}
        />
      ) : (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={paidById} className="text-sm font-medium text-slate-800">
            {t('bills.form.paidBy')}
          </label>
          <select
            id={paidById}
            value={draft.paidBy}
            onChange={(e) => change({ ...draft, paidBy: Number(e.target.value) }, 'paidBy')}
            className="h-12 w-full rounded-xl border border-slate-300 bg-surface px-3 text-base text-slate-900 shadow-xs focus:border-brand-500 focus:ring-2 focus:ring-brand-200 dark:focus:ring-brand-800 focus:outline-none"
          >
            {members.map((m) => (
              <option key={m.id} value={m.id}>
                {optionName(m, me.id)}
              </option>
            ))}
          </select>
          {errorOf('paidBy') && <p className="text-sm text-red-700 dark:text-red-300">{errorOf('paidBy')}</p>}
          {members.length > 1 && (
            <AddPayer
              onAdd={() => {
                // The first payer keeps the whole amount as typed; the second starts empty.
                const other = members.find((m) => m.id !== draft.paidBy)!;
                change(
                  { ...draft, payers: [payerDraft(draft.paidBy, amountText), payerDraft(other.id)] },
                  'paidBy',
                );
              }}
            />
          )}
        </div>
      )}
      <SplitModeTabs mode={draft.mode} onChange={(mode) => change(switchMode(draft, mode), 'split')} />
      {draft.mode === 'equal' && (
        <SplitPeople
          legend={t('bills.form.splitBetween')}
          members={members}
          meId={me.id}
          selected={draft.equal}
          onChange={(equal) => change({ ...draft, equal }, 'equal', 'split')}
        />
      )}
      {(draft.mode === 'exact' || draft.mode === 'shares' || draft.mode === 'percent') && (
        <SplitPerPerson
          mode={draft.mode}
          members={members}
          meId={me.id}
          values={draft[draft.mode]}
          onChange={(id, text) =>
            change(
              { ...draft, [draft.mode]: { ...draft[draft.mode], [id]: text } },
              `${draft.mode}.${id}`,
              draft.mode,
            )
          }
          onBlur={touch}
          errorOf={errorOf}
          currency={currency}
          locale={locale}
        />
      )}
      {draft.mode === 'items' && (
        <>
          <SplitItems
            items={draft.items}
            onChange={(items) => change({ ...draft, items }, 'items', 'amount')}
            members={members}
            meId={me.id}
            onBlur={touch}
            errorOf={errorOf}
            currency={currency}
            locale={locale}
          />
          <SplitCharges
            charges={draft.charges}
            onChange={(charges) => change({ ...draft, charges }, 'charges', 'amount')}
            onBlur={touch}
            errorOf={errorOf}
            currency={currency}
            locale={locale}
          />
        </>
      )}
      {groupError && (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
          {groupError}
        </p>
      )}
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
        error={errorOf('note') ?? extrasErrors.note}
      />
      <button ref={reviewButton} type="submit" className={primaryButtonClass}>
        {t('bills.form.review')}
      </button>
    </form>
  );
}
