import { convertAmount, parseRate } from '@outing/ledger';
import { t } from '@/lib/i18n/i18n';
import { currencyDigits, parseMoneyInput, toAmount } from '@/lib/money';

// A bill in another currency than the room's (issue 36, docs/api/README.md "Real bills"): the group enters the rate
// (room units per 1 bill unit) or what the card statement shows in the room's currency; the server converts once.
// The form shows the conversion live with the ledger's own exact arithmetic.

export interface ForeignDraft {
  /** ISO 4217, not the room's. */
  currency: string;
  how: 'rate' | 'converted';
  /** As typed: "0.0091". */
  rate: string;
  /** As typed, in the room's currency. */
  converted: string;
}

export type ForeignBody = { currency: string; rate: string } | { currency: string; convertedAmount: number };

export interface ForeignCheck {
  /** The bill's amount in the room's currency (minor units), or null while unknown. */
  converted: number | null;
  /** What the body adds, or null while the rate or the converted amount is not valid. */
  body: ForeignBody | null;
  error?: string;
}

/** `total`: the bill's amount in minor units of its own currency (null while unknown). */
export function checkForeign(
  foreign: ForeignDraft,
  total: number | null,
  roomCurrency: string,
  locale: string,
): ForeignCheck {
  if (foreign.how === 'rate') {
    const text = foreign.rate.trim().replace(',', '.');
    let rate;
    try {
      rate = parseRate(text);
    } catch {
      return { converted: null, body: null, error: t('bills.currency.rateInvalid') };
    }
    const converted =
      total === null
        ? null
        : convertAmount(total, currencyDigits(foreign.currency), rate, currencyDigits(roomCurrency));
    return { converted, body: { currency: foreign.currency, rate: text } };
  }
  const parsed = parseMoneyInput(foreign.converted, roomCurrency, locale, {});
  if (!parsed.ok) return { converted: null, body: null, error: parsed.message };
  return {
    converted: parsed.minor,
    body: { currency: foreign.currency, convertedAmount: toAmount(parsed.minor, roomCurrency) },
  };
}
