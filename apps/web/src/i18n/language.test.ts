import { afterEach, describe, expect, it, vi } from 'vitest';
import { resolveFormatLocale, resolveNumberLocale } from './language';

function browser(...languages: string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(languages[0] ?? '');
}

afterEach(() => vi.restoreAllMocks());

describe('the locales of formats', () => {
  it('writes dates in the interface language: its browser variant, else its usual one', () => {
    browser('en-US', 'en');
    expect(resolveFormatLocale('en')).toBe('en-US');
    browser('de-DE', 'de', 'en-US', 'en');
    expect(resolveFormatLocale('en')).toBe('en-US');
    browser('de-DE');
    expect(resolveFormatLocale('en')).toBe('en-GB');
    expect(resolveFormatLocale('zh')).toBe('zh-CN');
  });

  it("writes and reads numbers the way of the browser's first language when the interface does not speak it", () => {
    browser('de-DE', 'de', 'en-US', 'en');
    expect(resolveNumberLocale('en')).toBe('de-DE');
    expect(new Intl.NumberFormat(resolveNumberLocale('en')).format(12.5)).toBe('12,5');
    browser('fr-FR');
    expect(resolveNumberLocale('zh')).toBe('fr-FR');
  });

  it('follows the interface language otherwise', () => {
    browser('en-US', 'en');
    expect(resolveNumberLocale('en')).toBe('en-US');
    browser('en-IN');
    expect(resolveNumberLocale('en')).toBe('en-IN');
    browser('zh-CN');
    expect(resolveNumberLocale('zh')).toBe('zh-CN');
    browser();
    expect(resolveNumberLocale('en')).toBe('en-GB');
  });
});
