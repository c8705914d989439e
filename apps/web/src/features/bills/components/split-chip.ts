/** A toggle chip of the receipt editor (Everyone, Discount): the people chips' look (split-people.tsx). */
export const chipClass =
  'inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full bg-surface px-3 text-sm font-medium text-slate-800 ring-1 ring-slate-300 has-checked:bg-brand-50 dark:has-checked:bg-brand-950/40 has-checked:text-brand-900 dark:has-checked:text-brand-300 has-checked:ring-brand-500 has-focus-visible:outline-2 has-focus-visible:outline-brand-600 dark:has-focus-visible:outline-brand-400';
