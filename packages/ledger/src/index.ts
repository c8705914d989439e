// Pure money arithmetic in integer cents. The split and consolidation arrive with the bills issue.

/** Formats integer cents as a fixed two-decimal string, e.g. 1250 → "12.50". */
export function formatCents(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not a whole number of cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
