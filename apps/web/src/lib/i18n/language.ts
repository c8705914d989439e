// Which language the interface speaks: the user's choice on this device, or (System, the default) the first of the
// browser's languages that Outing has. Kept apart from the runtime so that the boot script can preload the right
// catalogue without carrying the formatter.
import { readItem } from '../storage';

export type Language = 'en' | 'zh';
export type LanguageChoice = Language | 'system';

export const LANGUAGES: readonly Language[] = ['en', 'zh'];
export const LANGUAGE_KEY = 'outing.language';

export function getLanguageChoice(): LanguageChoice {
  const stored = readItem('local', LANGUAGE_KEY);
  return stored === 'en' || stored === 'zh' ? stored : 'system';
}

function browserLanguages(): readonly string[] {
  try {
    return navigator.languages?.length ? navigator.languages : [navigator.language];
  } catch {
    return [];
  }
}

/** The first of the browser's languages that Outing speaks; English when none is. */
export function resolveLanguage(choice: LanguageChoice = getLanguageChoice()): Language {
  if (choice !== 'system') return choice;
  for (const tag of browserLanguages()) {
    const base = tag?.toLowerCase().split('-')[0];
    if (base === 'zh') return 'zh';
    if (base === 'en') return 'en';
  }
  return 'en';
}

/**
 * The locale dates and numbers are written in: the browser's own when it is a variant of the interface's language
 * (en-US writes 11/26, en-GB 26/11), else that language's usual one.
 */
export function resolveFormatLocale(lang: Language): string {
  const own = browserLanguages().find((tag) => tag?.toLowerCase().split('-')[0] === lang);
  if (own) {
    // A well-formed tag of the interface's language is enough: Intl falls back within it (en-XX writes as en).
    // Not `DateTimeFormat.supportedLocalesOf`, which makes the engine list every locale it has for dates: on a
    // phone that first call costs more than the whole screen's render (web-profile bench, issue #21).
    try {
      return Intl.getCanonicalLocales(own)[0] ?? (lang === 'zh' ? 'zh-CN' : 'en-GB');
    } catch {
      // An invalid tag: fall through.
    }
  }
  return lang === 'zh' ? 'zh-CN' : 'en-GB';
}

/**
 * The locale numbers and money are written and read in: the browser's first language when the interface does not
 * speak it (a German browser with the English interface types and reads 12,50 €), else the format locale. Dates stay
 * in the interface's language (resolveFormatLocale): a month's name in German inside English sentences would read
 * oddly, a decimal comma does not.
 */
export function resolveNumberLocale(lang: Language): string {
  const first = browserLanguages()[0];
  if (first && first.toLowerCase().split('-')[0] !== lang) {
    try {
      const [supported] = Intl.NumberFormat.supportedLocalesOf([first]);
      if (supported) return supported;
    } catch {
      // An invalid tag: fall through.
    }
  }
  return resolveFormatLocale(lang);
}
