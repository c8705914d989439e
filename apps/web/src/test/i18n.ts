import en from 'virtual:outing-catalogue/en';
import zh from 'virtual:outing-catalogue/zh';
import { applyCatalogue } from '@/lib/i18n/i18n';
import type { Language } from '@/lib/i18n/language';

const catalogues = { en, zh };

/**
 * The interface in `language`, with dates, numbers and money in `locale` (that language's usual one when not
 * given), until the test ends: setup.ts puts English and en-GB back after each test.
 */
export function setTestLanguage(language: Language, locale = language === 'zh' ? 'zh-CN' : 'en-GB'): void {
  applyCatalogue(language, catalogues[language], locale);
}

/** What every test starts with: English, en-GB formats (docs/product.md#texts). */
export function resetTestLanguage(): void {
  setTestLanguage('en', 'en-GB');
}
