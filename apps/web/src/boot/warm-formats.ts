// The formats the first signed-in screens make (dates, times, amounts, plurals, "3 hours ago", sorting), made once
// and thrown away, so that the engine has built what they need before the app asks (i18n/format.ts makes the app's).
import { resolveFormatLocale, resolveNumberLocale, type Language } from '@/lib/i18n/language';

export function warmFormats(lang: Language): void {
  const locale = resolveFormatLocale(lang);
  const numbers = resolveNumberLocale(lang);
  const at = 0;
  new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(at);
  new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(at);
  new Intl.NumberFormat(numbers, { style: 'currency', currency: 'EUR' }).format(1);
  new Intl.NumberFormat(numbers).format(1);
  new Intl.PluralRules(locale).select(1);
  new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(-1, 'hour');
  new Intl.Collator(locale).compare('a', 'b');
}
