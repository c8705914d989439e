import { useState } from 'react';
import { useController, useForm, useWatch } from 'react-hook-form';
import { centsToAmount, parseAmount } from '@outing/ledger';
import { FormAlert } from '../../../components/form/form-alert';
import { SubmitButton } from '../../../components/form/submit-button';
import { TextField } from '../../../components/form/text-field';
import { useSubmitGuard } from '../../../components/form/use-submit-guard';
import { isApiError } from '../../../lib/api-error';
import type { Bill, User } from '@outing/contract';
import { useCreateBill } from '../api/create-bill';
import { amountCents, amountProblem } from '../lib/amount-field';
import {
  BILL_NAME_REQUIRED,
  BILL_NAME_TOO_LONG,
  CHOOSE_PAYER,
  CREATE_BILL_INVALID,
  createBillErrorMessage,
  issueField,
} from '../messages';
import { BillSplitPreview } from './bill-split-preview';
import { PayerPicker } from './payer-picker';

interface BillFormValues {
  name: string;
  /** The input's text; it becomes exact cents through the ledger. */
  amount: string;
  payers: number[];
  includeOwner: boolean;
}

interface CreateBillFormProps {
  roomId: string;
  me: User;
  /** The other attendees (the signed-in user excluded). */
  people: User[];
  onCreated: (bill: Bill) => Promise<void> | void;
  /** A 409: the room was closed or consolidated meanwhile. */
  onConflict: () => void;
}

/** Product-spec §5 "Create bill"; errors of §8. What was typed stays after a failure. */
export function CreateBillForm({ roomId, me, people, onCreated, onConflict }: CreateBillFormProps) {
  const create = useCreateBill();
  const guard = useSubmitGuard();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<BillFormValues>({
    defaultValues: { name: '', amount: '', payers: [], includeOwner: true },
  });
  const payers = useController({
    control,
    name: 'payers',
    rules: { validate: (value) => (value.length > 0 ? true : CHOOSE_PAYER) },
  });
  const [amountText, includeOwner] = useWatch({ control, name: ['amount', 'includeOwner'] });
  const amountField = register('amount', { validate: (value) => amountProblem(value) ?? true });

  const onSubmit = guard(async (values: BillFormValues) => {
    setServerError(null);
    let bill: Bill;
    try {
      bill = await create.mutateAsync({
        name: values.name.trim(),
        // Exact: the cents the ledger read, back to a number with at most 2 decimals.
        amount: centsToAmount(parseAmount(values.amount)),
        includeOwner: values.includeOwner,
        roomId,
        // Only people still offered (a member may have left since the list loaded).
        payers: values.payers.filter((id) => people.some((p) => p.id === id)),
      });
    } catch (error) {
      let message = createBillErrorMessage(error);
      if (isApiError(error) && error.status === 400) {
        const unplaced: string[] = [];
        for (const issue of error.issues) {
          const field = issueField(issue.path);
          if (field) setError(field, { type: 'server', message: issue.message });
          else unplaced.push(issue.message);
        }
        if (error.issues.length === 0) unplaced.push(error.message);
        if (unplaced.length > 0) message = `${CREATE_BILL_INVALID}: ${unplaced.join('; ')}`;
      }
      if (isApiError(error) && error.status === 409) onConflict();
      setServerError(message);
      return;
    }
    await onCreated(bill);
  });

  return (
    <form
      noValidate
      onSubmit={async (event) => {
        // Text the browser cannot read as a number reaches the form as "": say what is wrong with it instead.
        const amount = event.currentTarget.elements.namedItem('amount');
        const badInput = amount instanceof HTMLInputElement && amount.validity.badInput;
        await handleSubmit(onSubmit)(event);
        if (badInput) setError('amount', { type: 'badInput', message: amountProblem('', true) ?? '' });
      }}
      className="flex flex-col gap-5"
    >
      <FormAlert message={serverError} />
      <TextField
        label="Bill Name"
        placeholder="e.g. Dinner"
        autoComplete="off"
        maxLength={60}
        error={errors.name?.message}
        {...register('name', {
          validate: (value) => {
            if (value.trim() === '') return BILL_NAME_REQUIRED;
            if (value.trim().length > 60) return BILL_NAME_TOO_LONG;
            return true;
          },
        })}
      />
      <TextField
        label="Amount ($)"
        type="number"
        inputMode="decimal"
        step="0.01"
        min="0.01"
        max="1000000"
        placeholder="0.00"
        hint="Up to 1,000,000, with at most 2 decimals."
        error={errors.amount?.message}
        {...amountField}
      />
      <PayerPicker
        people={people}
        selected={payers.field.value}
        onChange={payers.field.onChange}
        error={errors.payers?.message}
        firstRef={payers.field.ref}
      />
      <label className="flex min-h-12 cursor-pointer items-center gap-3 rounded-2xl bg-white px-4 py-2 ring-1 ring-slate-200 has-[:focus-visible]:bg-brand-50">
        <input type="checkbox" className="size-5 shrink-0 accent-brand-600" {...register('includeOwner')} />
        <span className="flex-1">
          <span className="block font-medium text-slate-900">Include myself</span>
          <span className="block text-sm text-slate-600">I share the cost too.</span>
        </span>
      </label>
      <BillSplitPreview
        totalCents={amountCents(amountText)}
        me={me}
        people={people}
        payerIds={payers.field.value}
        includeOwner={includeOwner}
      />
      <SubmitButton busy={isSubmitting}>Create Bill</SubmitButton>
    </form>
  );
}
