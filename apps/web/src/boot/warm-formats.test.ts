import { afterEach, describe, expect, it, vi } from 'vitest';
import { warmFormats } from './warm-formats';

type Kind = 'DateTimeFormat' | 'NumberFormat' | 'PluralRules' | 'RelativeTimeFormat' | 'Collator';
const KINDS: Kind[] = ['DateTimeFormat', 'NumberFormat', 'PluralRules', 'RelativeTimeFormat', 'Collator'];

/** Intl's constructors replaced by real ones that record how they were called. */
function recordFormats() {
  const made: { kind: Kind; locale: unknown; options: unknown }[] = [];
  for (const kind of KINDS) {
    const Real = Intl[kind] as new (...args: unknown[]) => object;
    vi.spyOn(Intl, kind).mockImplementation(function (this: unknown, ...args: unknown[]) {
      made.push({ kind, locale: args[0], options: args[1] });
      return new Real(...args);
    } as never);
  }
  return made;
}

describe('warmFormats', () => {
  afterEach(() => vi.restoreAllMocks());

  it('makes the formats the first screens use, in the locales the app writes them in', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE', 'en-US']);
    const made = recordFormats();
    warmFormats('en');
    expect(made.map((m) => m.kind)).toEqual([
      'DateTimeFormat',
      'DateTimeFormat',
      'NumberFormat',
      'NumberFormat',
      'PluralRules',
      'RelativeTimeFormat',
      'Collator',
    ]);
    // Dates in the interface's language, amounts in the browser's first (i18n/language.ts).
    expect(made.filter((m) => m.kind === 'DateTimeFormat').map((m) => m.locale)).toEqual(['en-US', 'en-US']);
    expect(made.filter((m) => m.kind === 'NumberFormat').map((m) => m.locale)).toEqual(['de-DE', 'de-DE']);
    expect(made.find((m) => m.kind === 'NumberFormat')?.options).toEqual({
      style: 'currency',
      currency: 'EUR',
    });

    made.length = 0;
    warmFormats('zh');
    expect(made.find((m) => m.kind === 'DateTimeFormat')?.locale).toBe('zh-CN');
  });
});
