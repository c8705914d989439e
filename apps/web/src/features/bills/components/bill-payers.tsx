import { useId } from 'react';
import { PlusIcon, XMarkIcon } from '@heroicons/react/24/outline';
import type { User } from '@outing/contract';
import { useT } from '@/lib/i18n/use-t';
import { formatMoney } from '@/lib/money';
import { payerDraft, type PayerDraft, type PayersCheck } from '../lib/bill-payers';
import { MoneyField } from './split-field';
import { optionName } from './split-people';

const selectClass =
  'h-12 w-full rounded-xl border border-slate-300 bg-surface px-3 text-base text-slate-900 shadow-xs focus:border-brand-500 focus:ring-2 focus:ring-brand-200 dark:focus:ring-brand-800 focus:outline-none';

interface BillPayersProps {
  payers: PayerDraft[];
  check: PayersCheck;
  members: User[];
  meId: number;
  currency: string;
  locale: string;
  /** Review was asked for: a sum that does not add up is shown as an error. */
  showErrors: boolean;
  /** The new list; one payer left: that person's id (the plain select again). */
  onChange: (payers: PayerDraft[]) => void;
  onSingle: (userId: number) => void;
}

/** "Paid by" as a list (issue 36): a person and an amount per payer, and what is left to assign. */
export function BillPayers(props: BillPayersProps) {
  const { payers, check, members, meId, currency, locale, showErrors, onChange, onSingle } = props;
  const t = useT();
  const headingId = useId();
  const nameOf = (id: number) => {
    const m = members.find((x) => x.id === id);
    return m ? optionName(m, meId) : String(id);
  };
  const update = (i: number, next: Partial<PayerDraft>) =>
    onChange(payers.map((p, j) => (j === i ? { ...p, ...next } : p)));
  const remove = (i: number) => {
    const rest = payers.filter((_, j) => j !== i);
    if (rest.length === 1) onSingle(rest[0]!.userId);
    else onChange(rest);
  };
  const unused = members.find((m) => !payers.some((p) => p.userId === m.id));
  const invalid = showErrors && !check.ok;
  const left = check.left;
  return (
    <fieldset className="flex flex-col gap-3" aria-labelledby={headingId}>
      <legend id={headingId} className="text-sm font-medium text-slate-800">
        {t('bills.form.paidBy')}
      </legend>
      {payers.map((payer, i) => (
        <div key={payer.key} data-testid="payer-row" className="flex items-start gap-2">
          <div className="min-w-0 flex-1">
            <select
              aria-label={t('bills.payers.person', { number: i + 1 })}
              value={payer.userId}
              onChange={(e) => update(i, { userId: Number(e.target.value) })}
              className={selectClass}
            >
              {members.map((m) => (
                <option key={m.id} value={m.id}>
                  {optionName(m, meId)}
                </option>
              ))}
            </select>
          </div>
          <div className="w-36 shrink-0">
            <MoneyField
              label={
                <span className="sr-only">{t('bills.payers.amount', { name: nameOf(payer.userId) })}</span>
              }
              name={`payer-${i}`}
              currency={currency}
              locale={locale}
              value={payer.amount}
              onChange={(amount) => update(i, { amount })}
              error={invalid && check.amounts[i] === null ? t('bills.payers.amountNeeded') : undefined}
            />
          </div>
          <button
            type="button"
            onClick={() => remove(i)}
            aria-label={t('bills.payers.remove', { number: i + 1 })}
            className="flex size-12 shrink-0 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400"
          >
            <XMarkIcon aria-hidden="true" className="size-5" />
          </button>
        </div>
      ))}
      <p
        role={invalid ? 'alert' : 'status'}
        data-testid="payers-left"
        className={`text-sm ${invalid ? 'font-medium text-red-700 dark:text-red-300' : 'text-slate-600'}`}
      >
        {left === null
          ? null
          : left > 0
            ? t('bills.payers.left', { amount: formatMoney(left, currency, locale) })
            : left < 0
              ? t('bills.payers.tooMuch', { amount: formatMoney(-left, currency, locale) })
              : new Set(payers.map((p) => p.userId)).size !== payers.length
                ? t('bills.payers.twice')
                : t('bills.payers.addsUp')}
      </p>
      {unused && <AddPayer onAdd={() => onChange([...payers, payerDraft(unused.id)])} />}
    </fieldset>
  );
}

/** "+ Add another payer": under the single select, or under the list while someone has not paid yet. */
export function AddPayer({ onAdd }: { onAdd: () => void }) {
  const t = useT();
  return (
    <button
      type="button"
      onClick={onAdd}
      className="inline-flex min-h-11 items-center gap-1.5 self-start rounded-full px-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-brand-300 dark:hover:bg-brand-950/40 dark:focus-visible:outline-brand-400"
    >
      <PlusIcon aria-hidden="true" className="size-4" />
      {t('bills.payers.add')}
    </button>
  );
}
