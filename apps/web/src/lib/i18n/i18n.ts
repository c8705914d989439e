// The interface's languages (decision 011): English (the product's own words, the source; docs/product.md#texts) and
// Simplified Chinese. Messages are ICU MessageFormat (plurals, selects, numbers and dates through Intl), formatted by
// FormatJS's intl-messageformat from syntax trees the build made (build/i18n.ts), so the browser never parses a
// message and never downloads the parser. Only the active language's catalogue is downloaded, when the app starts or
// when the user switches.
import { IntlMessageFormat, type PrimitiveType } from 'intl-messageformat';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { writeItem } from '../storage';
import {
  LANGUAGE_KEY,
  resolveFormatLocale,
  resolveLanguage,
  resolveNumberLocale,
  type Language,
  type LanguageChoice,
} from './language';
import type { MessageKey } from './keys';

// intl-messageformat resolves each message's locale through `Intl.NumberFormat.supportedLocalesOf`, whose first
// call makes the engine list every locale it has for numbers: 150 ms of a phone's main thread on the first message
// shown (web-profile bench, issue #21). Our locales are already canonical tags the formats fall back within
// (language.ts), so the tag itself is the answer.
IntlMessageFormat.resolveLocale = (locales) => {
  const [tag] = Intl.getCanonicalLocales(locales ?? []);
  return new Intl.Locale(tag ?? 'en');
};

export type Catalogue = Record<string, MessageFormatElement[]>;
export type MessageValues = Record<string, PrimitiveType>;

const loaders: Record<Language, () => Promise<{ default: Catalogue }>> = {
  en: () => import('virtual:outing-catalogue/en'),
  zh: () => import('virtual:outing-catalogue/zh'),
};

let language: Language = 'en';
let catalogue: Catalogue = {};
let formatLocale = 'en-GB';
let numberLocale = 'en-GB';
let formats = new Map<string, IntlMessageFormat>();
let version = 0;
const listeners = new Set<() => void>();

/**
 * Makes `lang` the interface's language with its catalogue, at once (after a load; tests, which also fix the
 * locale of formats: `locale` for dates, and for numbers unless `numbers` is given).
 */
export function applyCatalogue(lang: Language, messages: Catalogue, locale?: string, numbers?: string): void {
  language = lang;
  catalogue = messages;
  formatLocale = locale ?? resolveFormatLocale(lang);
  numberLocale = numbers ?? locale ?? resolveNumberLocale(lang);
  formats = new Map();
  version += 1;
  try {
    document.documentElement.lang = lang === 'zh' ? 'zh-Hans' : 'en';
  } catch {
    // No document (a worker): nothing to label.
  }
  for (const listener of listeners) listener();
}

let loading: Promise<void> | null = null;
let loadingFor: Language | null = null;

/**
 * Downloads the catalogue of `lang` and switches to it; a second call for the same language while the first is
 * under way shares it. Once settled, a later call switches again (whatever switched the language meanwhile).
 */
export function loadLanguage(lang: Language = resolveLanguage()): Promise<void> {
  if (loading && loadingFor === lang) return loading;
  loadingFor = lang;
  const load: Promise<void> = loaders[lang]()
    .then((module) => {
      if (loadingFor === lang) applyCatalogue(lang, module.default);
    })
    .finally(() => {
      if (loading === load) {
        loading = null;
        loadingFor = null;
      }
    });
  loading = load;
  return load;
}

/** Keeps the choice on this device and switches; rejects (and keeps the current language) when offline. */
export async function setLanguageChoice(choice: LanguageChoice): Promise<void> {
  await loadLanguage(resolveLanguage(choice));
  writeItem('local', LANGUAGE_KEY, choice);
  for (const listener of listeners) listener();
}

export const getLanguage = (): Language => language;
/** The BCP 47 locale for Intl formats of dates, lists and messages. */
export const getFormatLocale = (): string => formatLocale;
/** The BCP 47 locale numbers and money are written and typed in (language.ts resolveNumberLocale). */
export const getNumberLocale = (): string => numberLocale;
/** Grows with every switch: a snapshot for useSyncExternalStore. */
export const getI18nVersion = (): number => version;

export function subscribeLanguage(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the active catalogue has `key`: for a key made at run time (a server's reason, `lib/api-error.ts`). */
export const hasMessage = (key: string): boolean => Object.hasOwn(catalogue, key);

function formatter(key: string): IntlMessageFormat | null {
  let format = formats.get(key);
  if (format) return format;
  const ast = catalogue[key];
  if (!ast) return null;
  format = new IntlMessageFormat(ast, formatLocale);
  formats.set(key, format);
  return format;
}

/**
 * The message `key` in the interface's language with `values` put in. A key missing from the catalogue (which the
 * catalogue tests refuse) shows as itself rather than breaking the screen.
 */
export function t(key: MessageKey, values?: MessageValues): string {
  const format = formatter(key);
  if (!format) return key;
  const out = format.format(values);
  return Array.isArray(out) ? out.join('') : String(out);
}

/** A message with tags (`<b>…</b>`, `<link>…</link>`) turned into elements by the functions given for them. */
export function tRich<T>(
  key: MessageKey,
  values: Record<string, PrimitiveType | T | ((chunks: (string | T)[]) => T)>,
): (string | T)[] {
  const format = formatter(key);
  if (!format) return [key];
  const out = format.format<T>(values);
  return Array.isArray(out) ? out : [out as string | T];
}
