/**
 * ISO 4217 currencies in circulation with their exponent (digits of the minor unit), from ISO 4217 list one.
 *
 * A static table rather than `Intl`: CLDR's display digits differ from ISO 4217 for about twenty codes (it shows
 * IQD, HUF, IDR, COP, PKR… with 0 decimals where ISO says 3 or 2), and the exponent decides how amounts are
 * stored, so it must not change with the runtime's ICU version.
 *
 * Left out on purpose: funds and units of account (BOV, CHE, CHW, CLF, COU, MXV, USN, UYI, UYW, XDR, XSU, XUA,
 * XAD), precious metals (XAU, XAG, XPD, XPT), bond-market units (XBA–XBD), the test and no-currency codes (XTS,
 * XXX), and codes replaced by a newer one: HRK (EUR, 2023), CUC (withdrawn 2021), ZWL (ZWG, 2024), SLL (SLE),
 * ANG (XCG, 2025), BGN (EUR, 2026).
 */
const BY_EXPONENT: Record<0 | 2 | 3, string> = {
  0: 'BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX VND VUV XAF XOF XPF',
  2:
    'AED AFN ALL AMD AOA ARS AUD AWG AZN BAM BBD BDT BMD BND BOB BRL BSD BTN BWP BYN BZD CAD CDF CHF CNY COP ' +
    'CRC CUP CVE CZK DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GTQ GYD HKD HNL HTG HUF IDR ILS ' +
    'INR IRR JMD KES KGS KHR KPW KYD KZT LAK LBP LKR LRD LSL MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN ' +
    'MYR MZN NAD NGN NIO NOK NPR NZD PAB PEN PGK PHP PKR PLN QAR RON RSD RUB SAR SBD SCR SDG SEK SGD SHP SLE ' +
    'SOS SRD SSP STN SVC SYP SZL THB TJS TMT TOP TRY TTD TWD TZS UAH USD UYU UZS VED VES WST XCD XCG YER ZAR ' +
    'ZMW ZWG',
  3: 'BHD IQD JOD KWD LYD OMR TND',
};

export const CURRENCIES: Readonly<Record<string, number>> = Object.freeze(
  Object.fromEntries(
    Object.entries(BY_EXPONENT).flatMap(([exponent, codes]) =>
      codes.split(' ').map((code) => [code, Number(exponent)] as const),
    ),
  ),
);

/** True for an upper-case ISO 4217 code of the table (`'usd'` is not one: codes are compared as stored). */
export function isCurrency(code: string): boolean {
  return typeof code === 'string' && /^[A-Z]{3}$/.test(code) && Object.hasOwn(CURRENCIES, code);
}

/** Digits of the currency's minor unit: USD 2, JPY 0, KWD 3. */
export function currencyExponent(code: string): number {
  if (!isCurrency(code)) throw new RangeError(`unknown currency: ${String(code)}`);
  return CURRENCIES[code]!;
}
