import { parse } from '@formatjs/icu-messageformat-parser';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyCatalogue, t } from './i18n';
import type { MessageKey } from './keys';

afterEach(() => vi.restoreAllMocks());

const key = 'test.count' as MessageKey;
const catalogue = (source: string) => ({ [key]: parse(source) });

describe('formatting messages', () => {
  it("never asks the engine for its lists of locales (their first call costs a phone's screen render)", () => {
    const numbers = vi.spyOn(Intl.NumberFormat, 'supportedLocalesOf');
    const dates = vi.spyOn(Intl.DateTimeFormat, 'supportedLocalesOf');
    applyCatalogue('en', catalogue('{n, plural, one {# friend} other {# friends}}'), 'en-US');
    expect(t(key, { n: 1 })).toBe('1 friend');
    expect(t(key, { n: 1200 })).toBe('1,200 friends');
    expect(numbers).not.toHaveBeenCalled();
    expect(dates).not.toHaveBeenCalled();
  });

  it("keeps the locale's own plural rules and number format", () => {
    applyCatalogue('en', catalogue('{n, plural, one {# item} other {# items}}'), 'de-DE');
    expect(t(key, { n: 1234 })).toBe('1.234 items');
    applyCatalogue('zh', catalogue('{n, plural, other {# 位朋友}}'), 'zh-CN');
    expect(t(key, { n: 1 })).toBe('1 位朋友');
  });
});
