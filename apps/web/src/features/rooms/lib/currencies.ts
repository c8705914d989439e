import { CURRENCIES } from '@outing/ledger';

// The currency picker's data: the ISO 4217 codes the ledger knows, named in the user's language by Intl, and a
// default from the user's locale region.

/** Region (ISO 3166) → currency, for the regions whose people most often use Outing's locales; EUR for the euro area. */
// i18n-ignore: region codes, not text
const EURO_AREA = 'AT BE HR CY EE FI FR DE GR IE IT LV LT LU MT NL PT SK SI ES AD MC SM VA ME XK BG'.split(
  ' ',
);
const REGION_CURRENCY: Record<string, string> = {
  US: 'USD',
  GB: 'GBP',
  SG: 'SGD',
  MY: 'MYR',
  ID: 'IDR',
  TH: 'THB',
  VN: 'VND',
  PH: 'PHP',
  IN: 'INR',
  CN: 'CNY',
  HK: 'HKD',
  TW: 'TWD',
  JP: 'JPY',
  KR: 'KRW',
  AU: 'AUD',
  NZ: 'NZD',
  CA: 'CAD',
  MX: 'MXN',
  BR: 'BRL',
  AR: 'ARS',
  CL: 'CLP',
  CO: 'COP',
  PE: 'PEN',
  ZA: 'ZAR',
  NG: 'NGN',
  KE: 'KES',
  EG: 'EGP',
  AE: 'AED',
  SA: 'SAR',
  IL: 'ILS',
  TR: 'TRY',
  CH: 'CHF',
  NO: 'NOK',
  SE: 'SEK',
  DK: 'DKK',
  PL: 'PLN',
  CZ: 'CZK',
  HU: 'HUF',
  RO: 'RON',
  UA: 'UAH',
  IS: 'ISK',
  KW: 'KWD',
  BH: 'BHD',
  QA: 'QAR',
  OM: 'OMR',
  JO: 'JOD',
  PK: 'PKR',
  BD: 'BDT',
  LK: 'LKR',
  ...Object.fromEntries(EURO_AREA.map((r) => [r, 'EUR'])),
};

/** The region of a locale (`en-SG` → SG; `de` → DE through likely subtags), or null. */
function regionOf(locale: string): string | null {
  try {
    const l = new Intl.Locale(locale);
    return l.region ?? l.maximize().region ?? null;
  } catch {
    return null;
  }
}

/** The currency of the locale's region when Outing knows it (`en-SG` → SGD, `de-DE` → EUR), else USD. */
export function defaultCurrency(locale: string): string {
  const region = regionOf(locale);
  const code = region ? REGION_CURRENCY[region] : undefined;
  return code && Object.hasOwn(CURRENCIES, code) ? code : 'USD';
}

export interface CurrencyOption {
  code: string;
  name: string;
}

const cache = new Map<string, CurrencyOption[]>();

/** Every currency with its name in `locale`, sorted by name; a runtime without names shows the code. */
export function currencyOptions(locale: string): CurrencyOption[] {
  let list = cache.get(locale);
  if (!list) {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([locale], { type: 'currency' });
    } catch {
      names = null;
    }
    list = Object.keys(CURRENCIES)
      .map((code) => ({ code, name: names?.of(code) ?? code }))
      .sort((a, b) => a.name.localeCompare(b.name, locale));
    cache.set(locale, list);
  }
  return list;
}

/** Options matching what was typed: the code or any word of the name, ignoring case and accents. */
export function filterCurrencies(options: CurrencyOption[], query: string): CurrencyOption[] {
  const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const q = fold(query.trim());
  if (q === '') return options;
  return options.filter((o) => fold(o.code).startsWith(q) || fold(o.name).includes(q));
}
