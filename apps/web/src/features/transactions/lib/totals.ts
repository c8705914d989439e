import { formatMoney, toMinor } from '@/lib/money';

/**
 * Exact sums of amounts per currency, in order of first appearance: amounts in different currencies are never
 * added together (issue #18), so a list of USD and EUR payments has two totals.
 */
export function totalsByCurrency(
  items: Iterable<{ amount: number; currency: string }>,
): { currency: string; minor: number }[] {
  const totals = new Map<string, number>();
  for (const { amount, currency } of items)
    totals.set(currency, (totals.get(currency) ?? 0) + toMinor(amount, currency));
  return [...totals].map(([currency, minor]) => ({ currency, minor }));
}

/** "$129.75", or "$129.75 · €40.00" with one total per currency. */
export function formatTotals(items: Iterable<{ amount: number; currency: string }>, locale?: string): string {
  return totalsByCurrency(items)
    .map((t) => formatMoney(t.minor, t.currency, locale))
    .join(' · ');
}
