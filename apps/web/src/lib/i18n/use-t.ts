import { useSyncExternalStore } from 'react';
import { getFormatLocale, getI18nVersion, getLanguage, subscribeLanguage, t, tRich } from './i18n';

/**
 * The message function, in a component: the component renders again when the user switches language. Every
 * component that shows text takes `t` from here (not from the module), so that no memoised part of a screen keeps
 * the old language.
 */
export function useT(): typeof t {
  useSyncExternalStore(subscribeLanguage, getI18nVersion, getI18nVersion);
  return t;
}

/** `t`, `tRich` and the language and locale of formats, for components that format dates or numbers too. */
export function useI18n() {
  useSyncExternalStore(subscribeLanguage, getI18nVersion, getI18nVersion);
  return { t, tRich, language: getLanguage(), locale: getFormatLocale() };
}
