import countryToCurrency from 'country-to-currency';
import { CURRENCIES } from '@outing/ledger';
import { ZONES_BY_COUNTRY } from './zone-countries';

// A new room's default currency (issue 33): the currency the host used last, else the one of the country of the
// browser's time zone (Asia/Singapore → SGD: where the outing is, not what language the phone speaks), else the one of
// the locale's region, else USD. Countries' currencies are the `country-to-currency` package's (ISO 4217's list;
// decision 019); zones' countries are the time zone database's zone.tab (zone-countries.ts, generated).

/** The region of a locale (`en-SG` → SG; `de` → DE through likely subtags), or null. */
function regionOf(locale: string): string | null {
  try {
    const l = new Intl.Locale(locale);
    return l.region ?? l.maximize().region ?? null;
  } catch {
    return null;
  }
}

/** A country's currency when the ledger knows it (`SG` → SGD), else null. */
export function currencyOfCountry(country: string): string | null {
  const code: string | undefined = (countryToCurrency as Record<string, string | undefined>)[country];
  return code && Object.hasOwn(CURRENCIES, code) ? code : null;
}

let zoneCountries: Map<string, string> | null = null;

/** The country of an IANA time zone (`Asia/Singapore` → SG, the link `Asia/Calcutta` → IN), or null (UTC, Etc/…). */
export function countryOfTimeZone(timeZone: string): string | null {
  if (!zoneCountries) {
    zoneCountries = new Map();
    for (const [country, zones] of Object.entries(ZONES_BY_COUNTRY))
      for (const zone of zones.split(' ')) zoneCountries.set(zone, country);
  }
  return zoneCountries.get(timeZone) ?? null;
}

/** The currency of the time zone's country (`Europe/Berlin` → EUR), or null. */
export function currencyOfTimeZone(timeZone: string): string | null {
  const country = countryOfTimeZone(timeZone);
  return country ? currencyOfCountry(country) : null;
}

/** The currency of the locale's region when the ledger knows it (`en-SG` → SGD, `de-DE` → EUR), else USD. */
export function defaultCurrency(locale: string): string {
  const region = regionOf(locale);
  return (region ? currencyOfCountry(region) : null) ?? 'USD';
}

/** A new room's currency: the one the host used last, else the time zone's country's, else the locale's. */
export function newRoomCurrency({
  lastUsed,
  timeZone,
  locale,
}: {
  lastUsed: string | null;
  timeZone: string;
  locale: string;
}): string {
  if (lastUsed && Object.hasOwn(CURRENCIES, lastUsed)) return lastUsed;
  return currencyOfTimeZone(timeZone) ?? defaultCurrency(locale);
}
