import { useId } from 'react';
import type { MessageKey } from '@/lib/i18n/keys';
import { useT } from '@/lib/i18n/use-t';
import { SPLIT_MODES, type SplitModeName } from '../lib/bill-draft';

const SHORT: Record<SplitModeName, MessageKey> = {
  equal: 'bills.modeTab.equal',
  exact: 'bills.modeTab.exact',
  shares: 'bills.modeTab.shares',
  percent: 'bills.modeTab.percent',
  items: 'bills.modeTab.items',
};

/** How the bill splits: one radio group drawn as a segmented control (arrow keys move between modes). */
export function SplitModeTabs({
  mode,
  onChange,
}: {
  mode: SplitModeName;
  onChange: (mode: SplitModeName) => void;
}) {
  const t = useT();
  const name = useId();
  return (
    <fieldset className="flex min-w-0 flex-col gap-1.5">
      <legend className="mb-1.5 text-sm font-medium text-slate-800">{t('bills.mode.legend')}</legend>
      <div className="grid grid-cols-5 gap-1 rounded-2xl bg-slate-100 p-1">
        {SPLIT_MODES.map((m) => (
          <label
            key={m}
            className="flex min-h-11 cursor-pointer items-center justify-center rounded-xl px-1 text-sm font-semibold text-slate-700 transition has-checked:bg-surface has-checked:text-brand-800 dark:has-checked:text-brand-300 has-checked:shadow-sm has-focus-visible:outline-2 has-focus-visible:outline-brand-600 dark:has-focus-visible:outline-brand-400"
          >
            <input
              type="radio"
              name={name}
              value={m}
              checked={mode === m}
              onChange={() => onChange(m)}
              className="sr-only"
            />
            {t(SHORT[m])}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
