import { ArrowDownIcon, ArrowUpIcon, PlusIcon, TrashIcon } from '@heroicons/react/24/outline';
import { MAX_CHARGES } from '@outing/ledger';
import { useI18n } from '@/lib/i18n/use-t';
import { emptyCharge, type ChargeDraft } from '../lib/bill-draft';
import { SplitField } from './split-field';
import { addButtonClass, iconButtonClass } from './split-items';

interface SplitChargesProps {
  charges: ChargeDraft[];
  onChange: (charges: ChargeDraft[]) => void;
  onBlur: (key: string) => void;
  errorOf: (key: string) => string | undefined;
}

/**
 * Service charge, tax, tip: percentages applied in order, each on the items plus the charges above it ("10%
 * service, then 9% GST on both"), so the order matters and can be changed.
 */
export function SplitCharges({ charges, onChange, onBlur, errorOf }: SplitChargesProps) {
  const { t, tRich } = useI18n();
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
        <p className="text-sm text-slate-600">{t('bills.charges.hint')}</p>
      </div>
      {charges.length > 0 && (
        <ol className="flex flex-col gap-3">
          {charges.map((charge, index) => {
            const base = `charges.${charge.key}`;
            const number = index + 1;
            const label = charge.name.trim() || t('bills.charges.unnamed', { number });
            return (
              <li key={charge.key} className="rounded-2xl bg-surface p-3 ring-1 ring-slate-200">
                <div className="grid grid-cols-[1fr_7rem] gap-2">
                  <SplitField
                    label={t('bills.charges.label', { number })}
                    value={charge.name}
                    placeholder={
                      index === 0 ? t('bills.charges.placeholderFirst') : t('bills.charges.placeholder')
                    }
                    maxLength={40}
                    autoComplete="off"
                    onChange={(name) =>
                      onChange(charges.map((c) => (c.key === charge.key ? { ...c, name } : c)))
                    }
                    onBlur={() => onBlur(`${base}.name`)}
                    error={errorOf(`${base}.name`)}
                  />
                  <SplitField
                    label={tRich('bills.charges.percent', {
                      number,
                      hidden: (chunks) => (
                        <span key="h" className="sr-only">
                          {chunks}
                        </span>
                      ),
                    })}
                    value={charge.percent}
                    placeholder="0"
                    suffix="%"
                    inputMode="decimal"
                    autoComplete="off"
                    onChange={(percent) =>
                      onChange(charges.map((c) => (c.key === charge.key ? { ...c, percent } : c)))
                    }
                    onBlur={() => onBlur(`${base}.percent`)}
                    error={errorOf(`${base}.percent`)}
                  />
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
