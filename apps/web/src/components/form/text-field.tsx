import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { ExclamationCircleIcon } from '@heroicons/react/20/solid';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> {
  label: string;
  /** Shown under the field, announced (role=alert) and linked with aria-describedby. */
  error?: string;
  /** A short help text, linked with aria-describedby; an error takes its place. */
  hint?: string;
  ref?: Ref<HTMLInputElement>;
  /** A control inside the field's right edge (e.g. show password). */
  trailing?: ReactNode;
}

/** A labelled input with its error. 16 px text, so that phones do not zoom in on focus. */
export function TextField({ label, error, hint, trailing, ref, ...input }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  // An error replaces the hint: it says the same thing, sharper.
  const showHint = Boolean(hint) && !error;
  const describedBy = error ? errorId : showHint ? hintId : undefined;

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          ref={ref}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`block h-12 w-full rounded-xl border bg-surface px-4 text-base text-slate-900 shadow-xs transition placeholder:text-slate-400 focus:ring-2 focus:outline-none disabled:bg-slate-100 ${
            error
              ? 'border-red-600 dark:border-red-400 focus:border-red-600 dark:focus:border-red-400 focus:ring-red-200 dark:focus:ring-red-800'
              : 'border-slate-300 focus:border-brand-500 focus:ring-brand-200 dark:focus:ring-brand-800'
          } ${trailing ? 'pr-13' : ''}`}
          {...input}
        />
        {trailing && <div className="absolute inset-y-0 right-0.5 flex items-center">{trailing}</div>}
      </div>
      {showHint && (
        <p id={hintId} className="text-sm text-slate-500">
          {hint}
        </p>
      )}
      {error && <FieldError id={errorId} message={error} />}
    </div>
  );
}

export function FieldError({ id, message }: { id: string; message: string }) {
  return (
    <p id={id} role="alert" className="flex items-start gap-1 text-sm text-red-700 dark:text-red-300">
      <ExclamationCircleIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{message}</span>
    </p>
  );
}
