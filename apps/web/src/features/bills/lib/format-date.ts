const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** A bill's date in en-GB form (product-spec §9): "22 Nov 2026, 19:05". */
export function formatBillDate(iso: string): string {
  return dateTime.format(new Date(iso));
}
