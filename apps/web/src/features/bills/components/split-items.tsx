import { PlusIcon, TrashIcon } from '@heroicons/react/24/outline';
import type { User } from '@outing/contract';
import { useI18n } from '@/lib/i18n/use-t';
import { emptyItem, type ItemDraft } from '../lib/bill-draft';
import { MoneyField, SplitField } from './split-field';
import { chipClass } from './split-chip';
import { SplitPeople } from './split-people';

interface SplitItemsProps {
  items: ItemDraft[];
  onChange: (items: ItemDraft[]) => void;
  members: User[];
  meId: number;
  onBlur: (key: string) => void;
  errorOf: (key: string) => string | undefined;
  currency: string;
  locale: string;
}

export const iconButtonClass =
  'inline-flex size-11 shrink-0 items-center justify-center rounded-full text-slate-600 transition hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400 disabled:opacity-40';
export const addButtonClass =
  'inline-flex min-h-11 items-center gap-1.5 self-start rounded-full px-4 text-sm font-semibold text-brand-700 dark:text-brand-300 ring-1 ring-brand-200 dark:ring-brand-800 transition hover:bg-brand-50 dark:hover:bg-brand-950/40 focus-visible:outline-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400';

/**
 * The receipt's lines: a name, a quantity (optional, what the receipt shows: "3 × Beer"), the line's amount and who
 * had it (a shared line is split equally among them), or Everyone: the whole room when the bill is saved
 * (docs/api/README.md#real-bills).
 */
export function SplitItems({
  items,
  onChange,
  members,
  meId,
  onBlur,
  errorOf,
  currency,
  locale,
}: SplitItemsProps) {
  const { t, tRich } = useI18n();
  const update = (key: string, patch: Partial<ItemDraft>) =>
    onChange(items.map((item) => (item.key === key ? { ...item, ...patch } : item)));
  return (
    <section aria-labelledby="bill-items-heading" className="flex flex-col gap-3">
      <h2 id="bill-items-heading" className="text-sm font-medium text-slate-800">
        {t('bills.items.heading')}
      </h2>
      <ol className="flex flex-col gap-3">
        {items.map((item, index) => {
          const base = `items.${item.key}`;
          const number = index + 1;
          const name = item.name.trim();
          return (
            <li
              key={item.key}
              className="flex flex-col gap-3 rounded-2xl bg-surface p-3 ring-1 ring-slate-200"
            >
              {/* The name on its own row (long names stay readable), the quantity and amount side by side under it. */}
              <div className="flex items-start gap-2">
                <div className="min-w-0 flex-1">
                  <SplitField
                    label={t('bills.items.label', { number })}
                    value={item.name}
                    placeholder={t('bills.items.placeholder')}
                    maxLength={60}
                    autoComplete="off"
                    onChange={(name) => update(item.key, { name })}
                    onBlur={() => onBlur(`${base}.name`)}
                    error={errorOf(`${base}.name`)}
                  />
                </div>
                <button
                  type="button"
                  aria-label={t('bills.items.remove', { number, hasName: name ? 'yes' : 'no', name })}
                  disabled={items.length === 1}
                  onClick={() => onChange(items.filter((i) => i.key !== item.key))}
                  className={`${iconButtonClass} mt-6`}
                >
                  <TrashIcon aria-hidden="true" className="size-5" />
                </button>
              </div>
              <div className="grid grid-cols-[6rem_1fr] gap-2">
                <SplitField
                  label={t('bills.items.quantityShort')}
                  aria-label={t('bills.items.quantity', { number, hasName: name ? 'yes' : 'no', name })}
                  value={item.quantity ?? ''}
                  placeholder="1"
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={5}
                  onChange={(quantity) => update(item.key, { quantity })}
                  onBlur={() => onBlur(`${base}.quantity`)}
                  error={errorOf(`${base}.quantity`)}
                />
                <MoneyField
                  label={tRich('bills.items.amount', {
                    number,
                    hidden: (chunks) => (
                      <span key="h" className="sr-only">
                        {chunks}
                      </span>
                    ),
                  })}
                  value={item.amount}
                  currency={currency}
                  locale={locale}
                  onChange={(amount) => update(item.key, { amount })}
                  onBlur={() => onBlur(`${base}.amount`)}
                  error={errorOf(`${base}.amount`)}
                />
              </div>
              <div className="flex flex-wrap items-start gap-2">
                <label className={chipClass}>
                  <input
                    type="checkbox"
                    checked={item.everyone ?? false}
                    aria-label={t('bills.items.everyoneLabel', {
                      number,
                      hasName: name ? 'yes' : 'no',
                      name,
                    })}
                    onChange={() => {
                      // Turning it off keeps everyone ticked, so taking one person out is one tap.
                      update(item.key, { everyone: !item.everyone, userIds: members.map((m) => m.id) });
                      onBlur(`${base}.userIds`);
                    }}
                    className="size-4 accent-brand-600"
                  />
                  {t('bills.items.everyone')}
                </label>
                {/* A disabled fieldset disables every chip inside: with Everyone on, they show all ticked. */}
                <fieldset disabled={item.everyone ?? false} className="min-w-0 flex-1 disabled:opacity-60">
                  <SplitPeople
                    compact
                    legend={t('bills.items.whoHad', { number })}
                    members={members}
                    meId={meId}
                    selected={item.everyone ? members.map((m) => m.id) : item.userIds}
                    onChange={(userIds) => {
                      update(item.key, { userIds });
                      onBlur(`${base}.userIds`);
                    }}
                    error={errorOf(`${base}.userIds`)}
                  />
                </fieldset>
              </div>
            </li>
          );
        })}
      </ol>
      <button type="button" onClick={() => onChange([...items, emptyItem()])} className={addButtonClass}>
        <PlusIcon aria-hidden="true" className="size-5" />
        {t('bills.items.add')}
      </button>
    </section>
  );
}
