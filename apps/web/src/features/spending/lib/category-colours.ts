import type { BillCategory } from '@/entities/bill-category';

// Each category's colour in the Spending view's charts, beside its icon and name (entities/bill-category.ts). The
// classes are written out whole so that Tailwind finds them; each colour has its dark twin (decision 010).

export interface CategoryColour {
  /** The bar's fill (SVG). */
  fill: string;
  /** The icon's colour on its tint. */
  tint: string;
}

export const CATEGORY_COLOUR: Record<BillCategory, CategoryColour> = {
  food: {
    fill: 'fill-orange-500 dark:fill-orange-400',
    tint: 'bg-orange-50 text-orange-700 dark:bg-orange-950/40 dark:text-orange-300',
  },
  drinks: {
    fill: 'fill-rose-500 dark:fill-rose-400',
    tint: 'bg-rose-50 text-rose-700 dark:bg-rose-950/40 dark:text-rose-300',
  },
  groceries: {
    fill: 'fill-lime-600 dark:fill-lime-400',
    tint: 'bg-lime-50 text-lime-800 dark:bg-lime-950/40 dark:text-lime-300',
  },
  transport: {
    fill: 'fill-sky-500 dark:fill-sky-400',
    tint: 'bg-sky-50 text-sky-700 dark:bg-sky-950/40 dark:text-sky-300',
  },
  lodging: {
    fill: 'fill-indigo-500 dark:fill-indigo-400',
    tint: 'bg-indigo-50 text-indigo-700 dark:bg-indigo-950/40 dark:text-indigo-300',
  },
  tickets: {
    fill: 'fill-fuchsia-500 dark:fill-fuchsia-400',
    tint: 'bg-fuchsia-50 text-fuchsia-700 dark:bg-fuchsia-950/40 dark:text-fuchsia-300',
  },
  activities: {
    fill: 'fill-teal-500 dark:fill-teal-400',
    tint: 'bg-teal-50 text-teal-700 dark:bg-teal-950/40 dark:text-teal-300',
  },
  shopping: {
    fill: 'fill-amber-500 dark:fill-amber-400',
    tint: 'bg-amber-50 text-amber-800 dark:bg-amber-950/40 dark:text-amber-300',
  },
  other: { fill: 'fill-slate-400', tint: 'bg-slate-100 text-slate-600' },
};
