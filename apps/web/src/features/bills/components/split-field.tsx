import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { currencyDigits, formatMoneyInput, parseMoneyInput } from '@/lib/money';
import { FieldError } from '@/components/form/text-field';

export interface SplitFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'className' | 'onChange' | 'value' | 'prefix'
> {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  /** Text beside the value inside the field, e.g. "$" or "%". */
  prefix?: string;
  suffix?: string;
  /** Rows of a list: the label sits to the left of a narrower input. */
  inline?: boolean;
}

/** A labelled text input with its error (announced, linked), in the bill form's look; 16 px so phones do not zoom. */
export function SplitField({
  label,
  value,
  onChange,
  error,
  hint,
  prefix,
  suffix,
  inline,
  ...input
}: SplitFieldProps) {
  const id = useId();
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  const field = (
    <div
      className={`flex h-12 items-center rounded-xl border bg-surface shadow-xs transition focus-within:ring-2 ${
        error
          ? 'border-red-600 dark:border-red-400 focus-within:ring-red-200 dark:focus-within:ring-red-800'
          : 'border-slate-300 focus-within:border-brand-500 focus-within:ring-brand-200 dark:focus-within:ring-brand-800'
      } ${input.readOnly ? 'bg-slate-50' : ''} ${inline ? 'w-36 shrink-0' : 'w-full'}`}
    >
      {prefix && (
        <span aria-hidden="true" className="pl-3 text-base text-slate-500">
          {prefix}
        </span>
      )}
      <input
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`h-full w-full min-w-0 rounded-xl bg-transparent px-3 text-base text-slate-900 placeholder:text-slate-400 focus:outline-none ${
          inline ? 'text-right tabular-nums' : ''
        }`}
        {...input}
      />
      {suffix && (
        <span aria-hidden="true" className="pr-3 text-base text-slate-500">
          {suffix}
        </span>
      )}
    </div>
  );
  return (
    <div className="flex flex-col gap-1.5">
      {inline ? (
        <div className="flex min-h-12 items-center gap-3">
          <label htmlFor={id} className="min-w-0 flex-1 truncate font-medium text-slate-900">
            {label}
          </label>
          {field}
        </div>
      ) : (
        <>
          <label htmlFor={id} className="text-sm font-medium text-slate-800">
            {label}
          </label>
          {field}
        </>
      )}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-sm text-slate-500">
          {hint}
        </p>
      )}
      {error && <FieldError id={`${id}-error`} message={error} />}
    </div>
  );
}

/** The currency's symbol in the locale, and whether the locale writes it after the number ("12,50 €"). */
export function currencySymbol(currency: string, locale: string): { symbol: string; after: boolean } {
  try {
    const parts = new Intl.NumberFormat(locale, { style: 'currency', currency }).formatToParts(1);
    const at = parts.findIndex((p) => p.type === 'currency');
    const integer = parts.findIndex((p) => p.type === 'integer');
    return { symbol: parts[at]?.value ?? currency, after: at > integer };
  } catch {
    return { symbol: currency, after: false };
  }
}

export interface MoneyFieldProps extends Omit<SplitFieldProps, 'prefix' | 'suffix'> {
  currency: string;
  locale: string;
  allowZero?: boolean;
}

/**
 * An amount in the room's currency, typed as the locale writes it (lib/money.ts `parseMoneyInput`); once left, a
 * valid amount is shown grouped with the currency's decimals ("1,250.50").
 */
export function MoneyField({ currency, locale, allowZero, onBlur, ...field }: MoneyFieldProps) {
  const { symbol, after } = currencySymbol(currency, locale);
  const digits = currencyDigits(currency);
  return (
    <SplitField
      inputMode={digits === 0 ? 'numeric' : 'decimal'}
      autoComplete="off"
      placeholder={formatMoneyInput(0, currency, locale)}
      {...(after ? { suffix: symbol } : { prefix: symbol })}
      onBlur={(event) => {
        const parsed = parseMoneyInput(field.value, currency, locale, { allowZero });
        if (parsed.ok && !field.readOnly) field.onChange(formatMoneyInput(parsed.minor, currency, locale));
        onBlur?.(event);
      }}
      {...field}
    />
  );
}
