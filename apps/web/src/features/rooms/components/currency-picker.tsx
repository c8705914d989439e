import { useId, useMemo, useState } from 'react';
import { CheckIcon, MagnifyingGlassIcon } from '@heroicons/react/24/outline';
import { useI18n } from '@/lib/i18n/use-t';
import { currencyLabel, currencyOptions, filterCurrencies } from '../lib/currencies';

interface CurrencyPickerProps {
  value: string;
  onChange: (code: string) => void;
  /** Why it cannot be changed (the room has bills); the picker is then read-only. */
  disabledHint?: string | null;
  /** The language the currencies are named in; the interface's by default. */
  locale?: string;
}

/**
 * The room's currency (docs/api/README.md#currency): the current choice, and Change opens a searchable list of every ISO 4217
 * currency the ledger knows, named in the user's language. A radio group, so arrows, Space and screen readers work.
 */
export function CurrencyPicker({
  value,
  onChange,
  disabledHint = null,
  locale: chosenLocale,
}: CurrencyPickerProps) {
  const { t, locale: interfaceLocale } = useI18n();
  const locale = chosenLocale ?? interfaceLocale;
  const options = useMemo(() => currencyOptions(locale), [locale]);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const labelId = useId();
  const hintId = useId();
  const listId = useId();
  const current = options.find((o) => o.code === value);
  const shown = filterCurrencies(options, query);
  const disabled = disabledHint !== null;

  return (
    <div
      role="group"
      aria-labelledby={labelId}
      aria-describedby={disabled ? hintId : undefined}
      className="flex flex-col gap-1.5"
    >
      <span id={labelId} className="text-sm font-medium text-slate-800">
        {t('rooms.currency.label')}
      </span>
      <div className="flex items-center gap-3 rounded-xl bg-surface px-3 py-2 ring-1 ring-slate-300">
        <span className="min-w-0 flex-1">
          <span data-testid="currency-current" className="block truncate font-medium text-slate-900">
            {current ? currencyLabel(current) : value}
          </span>
        </span>
        {!disabled && (
          <button
            type="button"
            onClick={() => {
              setOpen((o) => !o);
              setQuery('');
            }}
            aria-expanded={open}
            aria-controls={listId}
            className="inline-flex min-h-11 shrink-0 items-center rounded-full px-4 text-sm font-semibold text-brand-700 dark:text-brand-300 ring-1 ring-brand-200 dark:ring-brand-800 transition hover:bg-brand-50 dark:hover:bg-brand-950/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400"
          >
            {open ? t('rooms.currency.done') : t('rooms.currency.change')}
          </button>
        )}
      </div>
      {disabled && (
        <p id={hintId} className="text-sm text-slate-600">
          {disabledHint}
        </p>
      )}
      {open && !disabled && (
        <div id={listId} className="flex flex-col gap-2 rounded-xl bg-slate-50 p-2 ring-1 ring-slate-200">
          <label className="relative block">
            <span className="sr-only">{t('rooms.currency.search')}</span>
            <MagnifyingGlassIcon
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-500"
            />
            <input
              type="search"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              placeholder={t('rooms.currency.searchPlaceholder')}
              autoComplete="off"
              className="h-11 w-full rounded-lg border-0 bg-surface pr-3 pl-10 text-base text-slate-900 ring-1 ring-slate-300 placeholder:text-slate-500 focus:ring-2 focus:ring-brand-600 dark:focus:ring-brand-400 focus:outline-none"
            />
          </label>
          <p aria-live="polite" className="sr-only">
            {t('rooms.currency.count', { count: shown.length })}
          </p>
          {shown.length === 0 ? (
            <p className="px-2 py-3 text-sm text-slate-600">
              {t('rooms.currency.noMatch', { query: query.trim() })}
            </p>
          ) : (
            <div
              role="radiogroup"
              aria-label={t('rooms.currency.listLabel')}
              className="max-h-60 overflow-y-auto rounded-lg bg-surface ring-1 ring-slate-200"
            >
              {shown.map((o) => {
                const checked = o.code === value;
                return (
                  <label
                    key={o.code}
                    className={`flex min-h-11 cursor-pointer items-center gap-3 border-b border-slate-100 px-3 last:border-b-0 has-[:focus-visible]:outline-2 has-[:focus-visible]:-outline-offset-2 has-[:focus-visible]:outline-brand-600 ${
                      checked ? 'bg-brand-50 dark:bg-brand-950/40' : 'hover:bg-slate-50'
                    }`}
                  >
                    <input
                      type="radio"
                      name={`${listId}-currency`}
                      value={o.code}
                      checked={checked}
                      // Arrow keys move the choice too, so the list stays open until Done.
                      onChange={() => onChange(o.code)}
                      className="sr-only"
                    />
                    {/* A code without a name shows once: never "SLE SLE" (issue 37). */}
                    <span className="min-w-0 flex-1 truncate text-slate-900">{o.name ?? o.code}</span>
                    {o.name && (
                      <span className="shrink-0 text-sm font-semibold text-slate-600 tabular-nums">
                        {o.code}
                      </span>
                    )}
                    {checked && (
                      <CheckIcon
                        aria-hidden="true"
                        className="size-5 shrink-0 text-brand-700 dark:text-brand-300"
                      />
                    )}
                  </label>
                );
              })}
            </div>
          )}
        </div>
      )}
    </div>
  );
}
