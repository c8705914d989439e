import { formatCents, parseAmount } from '@outing/ledger';

// Amounts arrive as JSON numbers with at most 2 decimals (api-contract §2). They become integer cents at once and
// text only at the end; no arithmetic is ever done on the numbers themselves (DESIGN principle 2).

/** A server amount (`12.5`, `3.33`) as integer cents. */
export function centsOf(amount: number): number {
  return parseAmount(amount);
}

/** Cents as the product shows money: `$12.50` (product-spec §9: always 2 decimals). */
export function formatMoney(cents: number): string {
  return cents < 0 ? `−$${formatCents(-cents)}` : `$${formatCents(cents)}`;
}

/** A server amount as text: `12.5` → `$12.50`. */
export function formatAmount(amount: number): string {
  return formatMoney(centsOf(amount));
}

/** Exact integer sum of server amounts, in cents. */
export function sumCents(amounts: Iterable<number>): number {
  let total = 0;
  for (const amount of amounts) total += centsOf(amount);
  return total;
}
