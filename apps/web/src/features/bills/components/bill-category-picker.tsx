import { useEffect, useId, useRef } from 'react';
import type { BillCategory } from '@outing/contract';
import { BILL_CATEGORIES, BILL_CATEGORY_ORDER } from '@/entities/bill-category';
import { useT } from '@/lib/i18n/use-t';

/**
 * The bill's category: a row of chips, each an icon and its name, one at most pressed (toggle buttons with
 * aria-pressed; pressing the pressed one again leaves the bill without a category). The row scrolls sideways on a
 * phone, so it stays one line high; a category guessed from the name is scrolled into view.
 */
export function BillCategoryPicker({
  value,
  guessed,
  onChange,
}: {
  value: BillCategory | null;
  /** The category shown is the name's guess, not the person's choice. */
  guessed: boolean;
  onChange: (category: BillCategory | null) => void;
}) {
  const t = useT();
  const labelId = useId();
  const hintId = useId();
  const row = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!value || !row.current) return;
    const chip = row.current.querySelector<HTMLElement>(`[data-category="${value}"]`);
    const box = row.current;
    if (!chip) return;
    // Sideways only: the page itself does not move while the person types the name.
    const left = chip.offsetLeft - box.offsetLeft;
    if (left < box.scrollLeft || left + chip.offsetWidth > box.scrollLeft + box.clientWidth)
      box.scrollTo?.({ left: Math.max(0, left - 16), behavior: 'smooth' });
  }, [value]);

  return (
    <div className="flex flex-col gap-1.5">
      <span id={labelId} className="text-sm font-medium text-slate-800">
        {t('bills.form.category')}
      </span>
      <div
        ref={row}
        role="group"
        aria-labelledby={labelId}
        aria-describedby={guessed ? hintId : undefined}
        className="-mx-4 flex snap-x scroll-px-4 gap-2 overflow-x-auto px-4 py-1 [scrollbar-width:none]"
      >
        {BILL_CATEGORY_ORDER.map((category) => {
          const { icon: Icon, label } = BILL_CATEGORIES[category];
          const pressed = value === category;
          return (
            <button
              key={category}
              type="button"
              data-category={category}
              aria-pressed={pressed}
              onClick={() => onChange(pressed ? null : category)}
              className={`inline-flex min-h-11 shrink-0 snap-start items-center gap-1.5 rounded-full px-3.5 text-sm font-medium ring-1 transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400 ${
                pressed
                  ? 'bg-brand-600 text-white ring-brand-600 hover:bg-brand-700'
                  : 'bg-surface text-slate-800 ring-slate-300 hover:bg-slate-50'
              }`}
            >
              <Icon aria-hidden="true" className="size-5" />
              {t(label)}
            </button>
          );
        })}
      </div>
      {guessed && value && (
        <p id={hintId} className="text-sm text-slate-600">
          {t('bills.form.categoryGuessed')}
        </p>
      )}
    </div>
  );
}
