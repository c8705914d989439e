import { MAX_MAJOR, currencyExponent, formatMinor, isCurrency, maxMinor, parseMinor } from '@outing/ledger';
import { getNumberLocale, t } from './i18n/i18n';

// Money in the web app (docs/principles.md, principle 2): server amounts (JSON numbers in the room currency's major
// units) become integer minor units at once, all arithmetic is on integers, and text is made only at the end by
// Intl.NumberFormat in the room's currency and the user's locale, grouped ("1,234.50"). Typed amounts are read with
// the same locale's separators, so "12,50" in a decimal-comma locale is 12.50 and never 1250.

/**
 * The user's locale for numbers (i18n/language.ts resolveNumberLocale: the browser's first language when the
 * interface does not speak it, so a German browser types 12,50 in the English interface; else the interface's own
 * variant, en-GB or zh-CN), read at each call so that a switch of language changes every amount. Tests may pass one
 * explicitly.
 */
export function userLocale(): string {
  return getNumberLocale();
}

/**
 * Where the user is, as the browser's first language tag says ("de-DE", "en-SG"): for guesses such as a new room's
 * currency, which follow the user's region whatever the interface's language. Never for formatting: that is
 * `userLocale()`.
 */
export function regionLocale(): string {
  return (typeof navigator !== 'undefined' && navigator.language) || 'en-US';
}

/** Minor-unit digits of a currency (ISO 4217): USD 2, JPY 0, KWD 3; an unknown code counts as 2. */
export function currencyDigits(currency: string): number {
  return isCurrency(currency) ? currencyExponent(currency) : 2;
}

/** A server amount (`12.5`, `-3.33`, `0`) as integer minor units of the currency, exactly. */
export function toMinor(amount: number, currency: string): number {
  if (amount === 0) return 0;
  const digits = currencyDigits(currency);
  return amount < 0 ? -parseMinor(-amount, digits) : parseMinor(amount, digits);
}

const formats = new Map<string, Intl.NumberFormat>();
function moneyFormat(currency: string, locale: string, signDisplay: 'auto' | 'exceptZero' = 'auto') {
  const key = `${locale}|${currency}|${signDisplay}`;
  let f = formats.get(key);
  if (!f) {
    const digits = currencyDigits(currency);
    f = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      useGrouping: true,
      signDisplay,
    });
    formats.set(key, f);
  }
  return f;
}

/**
 * Minor units as money: `1250, 'USD'` → "$12.50", `125000, 'EUR', 'de-DE'` → "1.250,00 €", `1250, 'JPY'` → "¥1,250".
 * The decimal text goes to Intl as a string, so no float ever rounds it.
 */
export function formatMoney(
  minor: number,
  currency: string,
  locale = userLocale(),
  opts: { signed?: boolean } = {},
): string {
  const text = formatMinor(minor, currencyDigits(currency));
  return moneyFormat(currency, locale, opts.signed ? 'exceptZero' : 'auto').format(text as unknown as number);
}

/** A server amount as money: `12.5, 'USD'` → "$12.50". */
export function formatAmount(amount: number, currency: string, locale = userLocale()): string {
  return formatMoney(toMinor(amount, currency), currency, locale);
}

/** Minor units as a server amount (a JSON number with the currency's decimals): `1250, 'USD'` → 12.5. */
export function toAmount(minor: number, currency: string): number {
  return Number(formatMinor(minor, currencyDigits(currency)));
}

/** The locale's decimal and grouping separators, e.g. en-US "." and ",", de-DE "," and ".", fr-FR "," and " ". */
export function separators(locale = userLocale()): { decimal: string; group: string } {
  const parts = new Intl.NumberFormat(locale).formatToParts(12345.6);
  return {
    decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
    group: parts.find((p) => p.type === 'group')?.value ?? ',',
  };
}

/** A typed amount as the field shows it once left: grouped, with the currency's decimals ("1,250.50"). */
export function formatMoneyInput(minor: number, currency: string, locale = userLocale()): string {
  const digits = currencyDigits(currency);
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping: true,
  }).format(formatMinor(minor, digits) as unknown as number);
}

export type MoneyInput = { ok: true; minor: number } | { ok: false; message: string };

const SPACES = /[\s\u00a0\u202f]/g;

/**
 * What a person typed, read as an amount of `currency` in their locale: the locale's decimal separator, grouping
 * separators only between groups of three digits, at most the currency's decimals, more than 0 and at most
 * 1,000,000. The other separator is refused with a message that says which one to use, never guessed: in en-US
 * "12,50" is an error ("Use . for decimals"), in de-DE it is 12.50.
 */
export function parseMoneyInput(
  text: string,
  currency: string,
  locale = userLocale(),
  opts: { allowZero?: boolean } = {},
): MoneyInput {
  const digits = currencyDigits(currency);
  const { decimal, group } = separators(locale);
  const groupChar = group.replace(SPACES, ' ');
  let s = text.trim().replace(SPACES, ' ');
  const refuse = (message: string): MoneyInput => ({ ok: false, message });
  const wrongSeparator = () => refuse(t('common.money.separatorForDecimals', { separator: decimal }));
  const tooLarge = () => refuse(t('common.money.atMost', { max: MAX_MAJOR }));
  const notPositive = () => refuse(t('common.money.greaterThanZero'));
  if (s === '') return refuse(t('common.money.enterAmount'));
  if (s.startsWith('-') || s.startsWith('−')) return notPositive();
  const [intRaw, fracRaw, extra] = s.split(decimal);
  if (extra !== undefined) return refuse(t('common.money.separatorOnce', { separator: decimal }));
  // Grouping: only the locale's separator, and the last group three digits (Indian grouping has twos before it).
  const other = decimal === '.' ? ',' : '.';
  let intPart = intRaw!;
  if (groupChar === ' ' ? / /.test(intPart) : intPart.includes(groupChar)) {
    const groups = intPart.split(groupChar === ' ' ? ' ' : groupChar);
    const last = groups.length - 1;
    if (!groups.every((g, i) => (i === 0 ? /^\d{1,3}$/ : i === last ? /^\d{3}$/ : /^\d{2,3}$/).test(g)))
      return wrongSeparator();
    intPart = groups.join('');
  }
  if (intPart.includes(other) || (fracRaw ?? '').includes(other)) return wrongSeparator();
  s = `${intPart === '' ? '0' : intPart}${fracRaw === undefined ? '' : `.${fracRaw}`}`;
  if (!/^\d+(\.\d*)?$/.test(s)) return refuse(t('common.money.enterNumber'));
  const frac = (fracRaw ?? '').replace(/0+$/, '');
  if (frac.length > digits)
    return refuse(
      digits === 0
        ? t('common.money.noDecimals', { currency })
        : t('common.money.atMostDecimals', { digits }),
    );
  const whole = s.split('.')[0]!.replace(/^0+(?=\d)/, '');
  if (whole.length > 7) return tooLarge();
  const minor = Number(whole) * 10 ** digits + Number(frac.padEnd(digits, '0') || '0');
  if (minor === 0 && opts.allowZero) return { ok: true, minor: 0 };
  if (minor <= 0) return notPositive();
  if (minor > maxMinor(digits)) return tooLarge();
  return { ok: true, minor };
}
