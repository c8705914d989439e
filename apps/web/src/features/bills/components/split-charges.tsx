import { ArrowDownIcon, ArrowUpIcon, PlusIcon, TrashIcon } from '@heroicons/react/24/outline';
import type { ReactNode } from 'react';
import { MAX_CHARGES } from '@outing/ledger';
import { useI18n } from '@/lib/i18n/use-t';
import { emptyCharge, type ChargeDraft, type ChargeKind } from '../lib/bill-draft';
import { chipClass } from './split-chip';
import { MoneyField, SplitField } from './split-field';
import { addButtonClass, iconButtonClass } from './split-items';

interface SplitChargesProps {
  charges: ChargeDraft[];
  onChange: (charges: ChargeDraft[]) => void;
  onBlur: (key: string) => void;
  errorOf: (key: string) => string | undefined;
  /** The bill's currency and the user's locale, for a fixed charge's amount. */
  currency: string;
  locale: string;
}

/**
 * Service charge, tax, tip, discounts and vouchers: each a percent of the running total or a fixed amount, added or
 * (Discount, or a typed minus) taken off, applied in order, each on the items plus the charges above it ("10%
 * service, then 9% GST on both"), so the order matters and can be changed (docs/api/README.md#real-bills).
 */
export function SplitCharges({ charges, onChange, onBlur, errorOf, currency, locale }: SplitChargesProps) {
  const { t, tRich } = useI18n();
  const update = (key: string, patch: Partial<ChargeDraft>) =>
    onChange(charges.map((c) => (c.key === key ? { ...c, ...patch } : c)));
  const hidden = (chunks: ReactNode) => (
    <span key="h" className="sr-only">
      {chunks}
    </span>
  );
  const move = (from: number, to: number) => {
    const next = [...charges];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    onChange(next);
  };
  return (
    <section aria-labelledby="bill-charges-heading" className="flex flex-col gap-3">
      <div>
        <h2 id="bill-charges-heading" className="text-sm font-medium text-slate-800">
          {t('bills.charges.heading')}
        </h2>
        <p className="text-sm text-slate-600">{t('bills.charges.hintSigned')}</p>
      </div>
      {charges.length > 0 && (
        <ol className="flex flex-col gap-3">
          {charges.map((charge, index) => {
            const base = `charges.${charge.key}`;
            const number = index + 1;
            const label = charge.name.trim() || t('bills.charges.unnamed', { number });
            return (
              <li key={charge.key} className="rounded-2xl bg-surface p-3 ring-1 ring-slate-200">
                <div className="grid grid-cols-[1fr_7.5rem] gap-2">
                  <SplitField
                    label={t('bills.charges.label', { number })}
                    value={charge.name}
                    placeholder={
                      charge.discount
                        ? t('bills.charges.placeholderVoucher')
                        : index === 0
                          ? t('bills.charges.placeholderPercent')
                          : t('bills.charges.placeholder')
                    }
                    maxLength={40}
                    autoComplete="off"
                    onChange={(name) => update(charge.key, { name })}
                    onBlur={() => onBlur(`${base}.name`)}
                    error={errorOf(`${base}.name`)}
                  />
                  {charge.kind === 'amount' ? (
                    <MoneyField
                      label={tRich('bills.charges.amount', { number, hidden })}
                      value={charge.amount}
                      currency={currency}
                      locale={locale}
                      onChange={(amount) => update(charge.key, { amount })}
                      onBlur={() => onBlur(`${base}.amount`)}
                      error={errorOf(`${base}.amount`)}
                    />
                  ) : (
                    <SplitField
                      label={tRich('bills.charges.percent', { number, hidden })}
                      value={charge.percent}
                      placeholder="0"
                      suffix="%"
                      inputMode="decimal"
                      autoComplete="off"
                      onChange={(percent) => update(charge.key, { percent })}
                      onBlur={() => onBlur(`${base}.percent`)}
                      error={errorOf(`${base}.percent`)}
                    />
                  )}
                </div>
                <div className="mt-2 flex flex-wrap items-center gap-2">
                  <select
                    aria-label={t('bills.charges.kind', { number })}
                    value={charge.kind}
                    onChange={(event) => update(charge.key, { kind: event.target.value as ChargeKind })}
                    className="min-h-11 rounded-full border border-slate-300 bg-surface px-3 text-sm font-medium text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400"
                  >
                    <option value="percent">{t('bills.charges.kindPercent')}</option>
                    <option value="amount">{t('bills.charges.kindAmount')}</option>
                  </select>
                  <label className={chipClass}>
                    <input
                      type="checkbox"
                      checked={charge.discount}
                      aria-label={t('bills.charges.discountLabel', { number })}
                      onChange={() => update(charge.key, { discount: !charge.discount })}
                      className="size-4 accent-brand-600"
                    />
                    {t('bills.charges.discount')}
                  </label>
                </div>
                <div className="mt-1 flex justify-end gap-1">
                  <button
                    type="button"
                    aria-label={t('bills.charges.moveUp', { name: label })}
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                    className={iconButtonClass}
                  >
                    <ArrowUpIcon aria-hidden="true" className="size-5" />
                  </button>
                  <button
                    type="button"
                    aria-label={t('bills.charges.moveDown', { name: label })}
                    disabled={index === charges.length - 1}
                    onClick={() => move(index, index + 1)}
                    className={iconButtonClass}
                  >
                    <ArrowDownIcon aria-hidden="true" className="size-5" />
                  </button>
                  <button
                    type="button"
                    aria-label={t('bills.charges.remove', { name: label })}
                    onClick={() => onChange(charges.filter((c) => c.key !== charge.key))}
                    className={iconButtonClass}
                  >
                    <TrashIcon aria-hidden="true" className="size-5" />
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      {charges.length < MAX_CHARGES && (
        <button
          type="button"
          onClick={() => onChange([...charges, emptyCharge()])}
          className={addButtonClass}
        >
          <PlusIcon aria-hidden="true" className="size-5" />
          {t('bills.charges.add')}
        </button>
      )}
    </section>
  );
}
