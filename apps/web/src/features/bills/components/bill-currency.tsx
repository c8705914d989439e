import { useId, useState } from 'react';
import { ChevronDownIcon } from '@heroicons/react/24/outline';
import { CurrencyPicker } from '@/features/rooms/components/currency-picker';
import { useT } from '@/lib/i18n/use-t';
import { formatMoney } from '@/lib/money';
import type { ForeignCheck, ForeignDraft } from '../lib/bill-foreign';
import { lastRate } from '../lib/last-rate';
import { MoneyField, SplitField } from './split-field';

interface BillCurrencyProps {
  roomId: string;
  roomCurrency: string;
  locale: string;
  foreign: ForeignDraft | undefined;
  check: ForeignCheck | null;
  showErrors: boolean;
  onChange: (foreign: ForeignDraft | undefined) => void;
}

/**
 * The currency chip under the amount (issue 36): the room's currency until another is picked; then the rate ("1 JPY
 * = ? SGD", the last one used in this room offered) or the amount on the card statement, and "≈ S$112.34" live.
 */
export function BillCurrency(props: BillCurrencyProps) {
  const { roomId, roomCurrency, locale, foreign, check, showErrors, onChange } = props;
  const t = useT();
  const [open, setOpen] = useState(false);
  const sheetId = useId();
  const code = foreign?.currency ?? roomCurrency;
  const offered = foreign ? lastRate(roomId, foreign.currency) : null;
  const pick = (currency: string) => {
    if (currency === roomCurrency) onChange(undefined);
    else
      onChange({
        currency,
        how: foreign?.how ?? 'rate',
        rate: foreign?.currency === currency ? foreign.rate : '',
        converted: foreign?.converted ?? '',
      });
  };
  const error = showErrors ? check?.error : undefined;
  return (
    <div className="-mt-3 flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={sheetId}
          aria-label={t('bills.currency.chip', { currency: code })}
          onClick={() => setOpen((o) => !o)}
          className="inline-flex min-h-9 items-center gap-1 rounded-full bg-slate-100 px-3 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400"
        >
          {code}
          <ChevronDownIcon aria-hidden="true" className="size-4" />
        </button>
        {foreign && check?.converted != null && (
          <span data-testid="converted-amount" className="text-sm font-medium text-slate-700 tabular-nums">
            {t('bills.currency.approx', { amount: formatMoney(check.converted, roomCurrency, locale) })}
          </span>
        )}
      </div>
      {open && (
        <div
          id={sheetId}
          role="region"
          aria-label={t('bills.currency.sheet')}
          className="flex flex-col gap-3 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200"
        >
          <CurrencyPicker value={code} onChange={pick} locale={locale} />
          {foreign && (
            <>
              <fieldset className="flex flex-wrap gap-2">
                <legend className="sr-only">{t('bills.currency.how')}</legend>
                {(['rate', 'converted'] as const).map((how) => (
                  <label
                    key={how}
                    className="inline-flex min-h-11 items-center gap-2 rounded-full bg-surface px-3 text-sm ring-1 ring-slate-300"
                  >
                    <input
                      type="radio"
                      name={`${sheetId}-how`}
                      checked={foreign.how === how}
                      onChange={() => onChange({ ...foreign, how })}
                    />
                    {how === 'rate' ? t('bills.currency.byRate') : t('bills.currency.byStatement')}
                  </label>
                ))}
              </fieldset>
              {foreign.how === 'rate' ? (
                <>
                  <SplitField
                    label={t('bills.currency.rateLabel', { from: foreign.currency, to: roomCurrency })}
                    inputMode="decimal"
                    autoComplete="off"
                    placeholder="0.0091"
                    value={foreign.rate}
                    onChange={(rate) => onChange({ ...foreign, rate })}
                    error={error}
                  />
                  {offered && offered !== foreign.rate && (
                    <button
                      type="button"
                      onClick={() => onChange({ ...foreign, rate: offered })}
                      className="self-start rounded-full px-3 py-2 text-sm font-semibold text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50 dark:text-brand-300 dark:ring-brand-800"
                    >
                      {t('bills.currency.useLast', { rate: offered })}
                    </button>
                  )}
                </>
              ) : (
                <MoneyField
                  label={t('bills.currency.statementLabel', { currency: roomCurrency })}
                  currency={roomCurrency}
                  locale={locale}
                  value={foreign.converted}
                  onChange={(converted) => onChange({ ...foreign, converted })}
                  error={error}
                />
              )}
            </>
          )}
        </div>
      )}
    </div>
  );
}
