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

  it('takes the browser tag as written in canonical form, and a malformed one as absent', () => {
    browser('en-us');
    expect(resolveFormatLocale('en')).toBe('en-US');
    browser('zh-hant-tw');
    expect(resolveFormatLocale('zh')).toBe('zh-Hant-TW');
    browser('en-!!');
    expect(resolveFormatLocale('en')).toBe('en-GB');
  });

  it("never asks for the engine's list of date locales (its first call costs more than a screen's render)", () => {
    const listed = vi.spyOn(Intl.DateTimeFormat, 'supportedLocalesOf');
    browser('en-US', 'zh-CN');
    resolveFormatLocale('en');
    resolveFormatLocale('zh');
    resolveNumberLocale('zh');
    expect(listed).not.toHaveBeenCalled();
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
