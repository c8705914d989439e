import countryToCurrency from 'country-to-currency';
import { describe, expect, it } from 'vitest';
import { CURRENCIES } from '@outing/ledger';
import { formatMoney } from './money';

// Issue 33: "$" alone is written only for the locale's own dollar; any other dollar with its prefix or code ("SGD",
// "US$"), so that a room's US dollars never pass for Singapore dollars. Intl does so in the interface's locales.

const nbsp = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
const symbolOf = (text: string) => nbsp(text).replace(/[\d.,\s+-]/g, '');

/** What Outing writes for 12.50 (or 1,250) of each currency in `locale`. */
const fmt = (currency: string, locale: string) => nbsp(formatMoney(1250, currency, locale));

const byRegion = countryToCurrency as Record<string, string>;

describe('dollars', () => {
  it('the interface’s own locales write other dollars with their prefix or code (Intl does)', () => {
    expect([fmt('USD', 'en-GB'), fmt('SGD', 'en-GB'), fmt('AUD', 'en-GB'), fmt('HKD', 'en-GB')]).toEqual([
      'US$12.50',
      'SGD 12.50',
      'A$12.50',
      'HK$12.50',
    ]);
    expect([fmt('USD', 'en-US'), fmt('SGD', 'en-US'), fmt('CAD', 'en-US'), fmt('TWD', 'en-US')]).toEqual([
      '$12.50', // en-US's own
      'SGD 12.50',
      'CA$12.50',
      'NT$12.50',
    ]);
    expect([fmt('USD', 'zh-CN'), fmt('SGD', 'zh-CN'), fmt('CNY', 'zh-CN'), fmt('JPY', 'zh-CN')]).toEqual([
      'US$12.50',
      'SGD 12.50',
      '¥12.50', // zh-CN's own
      'JP¥1,250',
    ]);
    // A Singapore English browser (numbers follow the browser's language): its own dollar plain, the US one marked.
    expect([fmt('SGD', 'en-SG'), fmt('USD', 'en-SG')]).toEqual(['$12.50', 'US$12.50']);
  });

  it('writes "$" alone only for the currency of the locale’s region, for every currency the ledger knows', () => {
    // The interface's locales, and browsers' of dollar countries. (Intl writes the US dollar "$" in some locales whose
    // money is no dollar, de-DE "12,50 $", ja-JP, en-IN: unambiguous there, and left as Intl has it.)
    const locales = [
      'en-GB',
      'en-US',
      'zh-CN',
      'zh-TW',
      'zh-HK',
      'en-SG',
      'en-AU',
      'en-CA',
      'fr-CA',
      'es-MX',
    ];
    const more = ['es-AR', 'en-NZ', 'fr-FR', 'ko-KR', 'pt-BR', 'ms-MY', 'es-US', 'en'];
    for (const locale of [...locales, ...more]) {
      const region = new Intl.Locale(locale).maximize().region!;
      for (const currency of Object.keys(CURRENCIES))
        if (symbolOf(fmt(currency, locale)) === '$')
          expect(`${locale} ${currency}`).toBe(`${locale} ${byRegion[region]}`);
    }
  });
});
