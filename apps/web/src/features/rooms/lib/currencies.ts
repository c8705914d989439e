import { CURRENCIES } from '@outing/ledger';

// The currency picker's data: the ISO 4217 codes the ledger knows, named in the user's language by Intl. A new room's
// default is new-room-currency.ts's (only the create page loads its tables).

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
