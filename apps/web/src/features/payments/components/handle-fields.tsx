import { useId } from 'react';
import { ArrowDownIcon, ArrowUpIcon, TrashIcon } from '@heroicons/react/24/outline';
import { paymentKinds, type PaymentKind } from '@outing/contract';
import type { FieldErrors, UseFormRegister, UseFormWatch } from 'react-hook-form';
import { TextField } from '@/components/form/text-field';
import { useT } from '@/lib/i18n/use-t';
import {
  MESSAGES,
  handleProblem,
  kindLabel,
  nameProblem,
  normaliseHandle,
  valueHint,
  valueLabel,
} from '../lib/handle-checks';

export interface HandleRow {
  kind: PaymentKind;
  value: string;
  name: string;
}
export interface HandlesValues {
  methods: HandleRow[];
}

const iconButton =
  'inline-flex size-11 items-center justify-center rounded-full text-slate-700 transition hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400 disabled:opacity-40';

/** One handle of the list: its kind, value and name, and the buttons that move or remove it. */
export function HandleFields({
  index,
  count,
  register,
  watch,
  errors,
  onMove,
  onRemove,
}: {
  index: number;
  count: number;
  register: UseFormRegister<HandlesValues>;
  watch: UseFormWatch<HandlesValues>;
  errors: FieldErrors<HandlesValues>;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const t = useT();
  const kindId = useId();
  const kind = watch(`methods.${index}.kind`);
  const itemErrors = errors.methods?.[index];
  const position = index + 1;
  return (
    <fieldset className="flex flex-col gap-3 rounded-2xl bg-surface p-4 shadow-sm ring-1 ring-slate-200">
      {/* A legend names its fieldset only as the fieldset's first child; the visible title sits with the buttons. */}
      <legend className="sr-only">{t('payments.handle.legend', { position, count })}</legend>
      <div className="flex items-center gap-1">
        <p aria-hidden="true" className="min-w-0 flex-1 text-sm font-semibold text-slate-900">
          {t('payments.handle.title', { position })}
        </p>
        <button
          type="button"
          aria-label={t('payments.handle.moveUp', { position })}
          disabled={index === 0}
          onClick={() => onMove(index - 1)}
          className={iconButton}
        >
          <ArrowUpIcon aria-hidden="true" className="size-5" />
        </button>
        <button
          type="button"
          aria-label={t('payments.handle.moveDown', { position })}
          disabled={index === count - 1}
          onClick={() => onMove(index + 1)}
          className={iconButton}
        >
          <ArrowDownIcon aria-hidden="true" className="size-5" />
        </button>
        <button
          type="button"
          aria-label={t('payments.handle.remove', { position })}
          onClick={onRemove}
          className={`${iconButton} text-red-700 dark:text-red-300 hover:bg-red-50 dark:hover:bg-red-950/40`}
        >
          <TrashIcon aria-hidden="true" className="size-5" />
        </button>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={kindId} className="text-sm font-medium text-slate-800">
          {t('payments.handle.kind')}
        </label>
        <select
          id={kindId}
          className="block h-12 w-full rounded-xl border border-slate-300 bg-surface px-3 text-base text-slate-900 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 dark:focus:ring-brand-800 focus:outline-none"
          {...register(`methods.${index}.kind`)}
        >
          {paymentKinds.map((k) => (
            <option key={k} value={k}>
              {kindLabel(k)}
            </option>
          ))}
        </select>
      </div>
      <TextField
        label={valueLabel(kind)}
        hint={valueHint(kind)}
        autoCapitalize="none"
        autoComplete="off"
        spellCheck={false}
        inputMode={kind === 'paynow' ? 'text' : kind === 'link' ? 'url' : undefined}
        error={itemErrors?.value?.message}
        {...register(`methods.${index}.value`, {
          validate: (value, all) => {
            const problem = handleProblem(kind, value);
            if (problem) return problem;
            const mine = normaliseHandle(kind, value);
            const earlier = all.methods
              .slice(0, index)
              .some((m) => m.kind === kind && normaliseHandle(m.kind, m.value) === mine);
            return earlier ? MESSAGES.duplicate() : true;
          },
        })}
      />
      <TextField
        label={kind === 'iban' ? t('payments.handle.holderName') : t('payments.handle.shownName')}
        autoComplete="name"
        error={itemErrors?.name?.message}
        {...register(`methods.${index}.name`, {
          validate: (name, all) => nameProblem(all.methods[index]?.kind ?? kind, name) ?? true,
        })}
      />
    </fieldset>
  );
}
