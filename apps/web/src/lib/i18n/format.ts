// Intl formatters in the interface's locale (i18n.ts getFormatLocale), made once per locale and options: every date,
// number and relative time the app writes goes through these, so a switch of language changes them all.
import { getFormatLocale, getNumberLocale } from './i18n';

const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>();

function memo<T extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>(
  kind: string,
  options: object,
  make: (locale: string) => T,
): T {
  const locale = kind === 'nf' ? getNumberLocale() : getFormatLocale();
  const key = `${kind}|${locale}|${JSON.stringify(options)}`;
  let format = cache.get(key) as T | undefined;
  if (!format) {
    format = make(locale);
    cache.set(key, format);
  }
  return format;
}

export const dateTimeFormat = (options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat =>
  memo('dt', options, (locale) => new Intl.DateTimeFormat(locale, options));

export const numberFormat = (options: Intl.NumberFormatOptions = {}): Intl.NumberFormat =>
  memo('nf', options, (locale) => new Intl.NumberFormat(locale, options));

export const relativeTimeFormat = (options: Intl.RelativeTimeFormatOptions = {}): Intl.RelativeTimeFormat =>
  memo('rt', options, (locale) => new Intl.RelativeTimeFormat(locale, options));
