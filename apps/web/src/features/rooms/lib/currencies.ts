import { CURRENCIES } from '@outing/ledger';

// The currency picker's data: the ISO 4217 codes the ledger knows, named in the user's language by Intl. A new room's
// default is new-room-currency.ts's (only the create page loads its tables).

export interface CurrencyOption {
  code: string;
  /** Its name in the user's language; null when neither Intl nor NEWER_NAMES has one (the code alone is shown). */
  name: string | null;
}

/**
 * ISO 4217 codes introduced since 2018, which an older browser's CLDR data does not name (its Intl.DisplayNames
 * answers the code itself, and the picker read "SLE SLE", issue 37): their CLDR names in the two languages.
 */
const NEWER_NAMES: Readonly<Record<string, { en: string; zh: string }>> = {
  MRU: { en: 'Mauritanian Ouguiya', zh: '毛里塔尼亚乌吉亚' },
  SLE: { en: 'Sierra Leonean Leone', zh: '塞拉利昂新利昂' },
  STN: { en: 'São Tomé & Príncipe Dobra', zh: '圣多美和普林西比多布拉' },
  VED: { en: 'Bolívar Soberano', zh: '委内瑞拉主权币' },
  VES: { en: 'Venezuelan Bolívar', zh: '委内瑞拉玻利瓦尔' },
  XCG: { en: 'Caribbean guilder', zh: '加勒比盾' },
  ZWG: { en: 'Zimbabwean Gold', zh: '津巴布韦金元' },
};

/** A currency's name in `locale`, or null: never the code itself. */
export function currencyName(code: string, names: Intl.DisplayNames | null, locale: string): string | null {
  const named = names?.of(code);
  if (named && named.toUpperCase() !== code.toUpperCase()) return named;
  const newer = NEWER_NAMES[code];
  if (!newer) return null;
  return locale.toLowerCase().startsWith('zh') ? newer.zh : newer.en;
}

const cache = new Map<string, CurrencyOption[]>();

/** Every currency with its name in `locale`, sorted by name (a code without one, by its code). */
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
      .map((code) => ({ code, name: currencyName(code, names, locale) }))
      .sort((a, b) => (a.name ?? a.code).localeCompare(b.name ?? b.code, locale));
    cache.set(locale, list);
  }
  return list;
}

/** "Singapore Dollar (SGD)", or the code alone when it has no name. */
export const currencyLabel = (option: CurrencyOption): string =>
  option.name ? `${option.name} (${option.code})` : option.code;

/** Options matching what was typed: the code or any word of the name, ignoring case and accents. */
export function filterCurrencies(options: CurrencyOption[], query: string): CurrencyOption[] {
  const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const q = fold(query.trim());
  if (q === '') return options;
  return options.filter((o) => fold(o.code).startsWith(q) || fold(o.name ?? '').includes(q));
}
