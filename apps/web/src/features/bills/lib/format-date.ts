import { dateTimeFormat } from '../../../i18n/format';

/** A bill's date in the interface's locale (product-spec §9: en-GB for English): "22 Nov 2026, 19:05". */
export function formatBillDate(iso: string): string {
  return dateTimeFormat({ dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}
