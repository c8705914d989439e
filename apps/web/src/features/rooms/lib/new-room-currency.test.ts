import countryToCurrency from 'country-to-currency';
import { describe, expect, it } from 'vitest';
import { CURRENCIES } from '@outing/ledger';
import { countryOfTimeZone, currencyOfTimeZone, defaultCurrency, newRoomCurrency } from './new-room-currency';
import { lastUsedCurrency, rememberRoomCurrency } from './last-currency';

describe('a new room’s currency (issue 33)', () => {
  it.each([
    ['Asia/Singapore', 'SGD'],
    ['Singapore', 'SGD'], // a link
    ['Europe/Berlin', 'EUR'],
    ['America/New_York', 'USD'],
    ['US/Eastern', 'USD'],
    ['Asia/Kolkata', 'INR'],
    ['Asia/Calcutta', 'INR'], // Chromium's name for it
    ['Europe/Kiev', 'UAH'],
    ['Europe/Kyiv', 'UAH'],
    ['Asia/Tokyo', 'JPY'],
    ['Europe/London', 'GBP'],
    ['Australia/Sydney', 'AUD'],
    ['America/Argentina/Buenos_Aires', 'ARS'],
    ['Europe/Zurich', 'CHF'],
  ])('the time zone %s gives %s', (zone, currency) => {
    expect(currencyOfTimeZone(zone)).toBe(currency);
  });

  it('gives no country for UTC, fixed offsets and the old POSIX-style zones', () => {
    for (const zone of ['UTC', 'Etc/UTC', 'Etc/GMT+5', 'GMT', 'CET', 'EST5EDT', 'Not/A_Zone'])
      expect(countryOfTimeZone(zone), zone).toBeNull();
  });

  it('knows the country of every time zone the engine knows, and a currency for nearly all', () => {
    const zones = Intl.supportedValuesOf('timeZone');
    expect(zones.length).toBeGreaterThan(400);
    expect(zones.filter((z) => countryOfTimeZone(z) === null)).toEqual([]);
    // Countries whose currency the ledger does not take fall back to the locale's.
    const without = new Set(zones.filter((z) => currencyOfTimeZone(z) === null).map(countryOfTimeZone));
    for (const country of without)
      expect(CURRENCIES, `${country}: ${countryToCurrency[country as 'SG']}`).not.toHaveProperty(
        countryToCurrency[country as 'SG'],
      );
    expect(without.size).toBeLessThan(5);
  });

  it('takes the host’s last currency, else the time zone’s, else the locale’s, else USD', () => {
    // The phone: English (US), in Singapore.
    expect(newRoomCurrency({ lastUsed: null, timeZone: 'Asia/Singapore', locale: 'en-US' })).toBe('SGD');
    expect(newRoomCurrency({ lastUsed: 'JPY', timeZone: 'Asia/Singapore', locale: 'en-US' })).toBe('JPY');
    expect(newRoomCurrency({ lastUsed: 'XXX', timeZone: 'Europe/Berlin', locale: 'en-US' })).toBe('EUR');
    expect(newRoomCurrency({ lastUsed: null, timeZone: 'UTC', locale: 'en-GB' })).toBe('GBP');
    expect(newRoomCurrency({ lastUsed: null, timeZone: 'UTC', locale: 'not a locale' })).toBe('USD');
    expect(defaultCurrency('zh-CN')).toBe('CNY');
  });

  it('the last currency is the newest room’s the user hosts, listed or remembered on this device', () => {
    const at = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString();
    const rooms = [
      { hostId: 7, currency: 'EUR', createdAt: at(3) },
      { hostId: 7, currency: 'JPY', createdAt: at(1) },
      { hostId: 8, currency: 'INR', createdAt: at(0) }, // someone else's
    ];
    expect(lastUsedCurrency(7, [])).toBeNull();
    expect(lastUsedCurrency(7, rooms)).toBe('JPY');
    rememberRoomCurrency(7, { currency: 'SGD', createdAt: at(2) });
    expect(lastUsedCurrency(7, rooms)).toBe('JPY');
    expect(lastUsedCurrency(7, [])).toBe('SGD'); // e.g. closed since, or the list not loaded yet
    rememberRoomCurrency(7, { currency: 'THB', createdAt: at(0) });
    expect(lastUsedCurrency(7, rooms)).toBe('THB');
    expect(lastUsedCurrency(8, [])).toBeNull();
  });
});
