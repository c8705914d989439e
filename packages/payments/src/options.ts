import { currencyExponent, formatMinor } from '@outing/ledger';
import type { PaymentKind, PaymentMethod, PaymentOption } from '@outing/contract';
import { payNowPayload } from './emv.js';
import { epcPayload } from './epc.js';
import { isPayNowMobile } from './handles.js';
import { isSepaCountry } from './iban.js';
import { linkPayload, payPalLink, revolutLink } from './links.js';
import { fieldText } from './text.js';
import { upiLink } from './upi.js';

export type Payment = {
  /** The payee's handles, in their order. */
  methods: readonly PaymentMethod[];
  amountMinor: number;
  currency: string;
  roomName: string;
  /** Shown as the payee when a handle has no name of its own. */
  payeeName: string;
};

export const kindLabels: Record<PaymentKind, string> = {
  paynow: 'PayNow',
  iban: 'Bank transfer (SEPA)',
  upi: 'UPI',
  paypal: 'PayPal',
  revolut: 'Revolut',
  link: 'Payment link',
};

/** The payload paying `p` through one handle, or undefined when the handle cannot pay in this currency. */
function payloadOf(m: PaymentMethod, p: Payment): string | undefined {
  const amount = formatMinor(p.amountMinor, currencyExponent(p.currency));
  const reference = `Outing ${p.roomName}`;
  const payee = fieldText(m.name ?? '') || p.payeeName;
  switch (m.kind) {
    case 'paynow':
      if (p.currency !== 'SGD') return undefined;
      return payNowPayload({
        proxy: m.value,
        proxyType: isPayNowMobile(m.value) ? 'mobile' : 'uen',
        amount,
        editable: false,
        merchantName: payee,
        reference,
      });
    case 'iban':
      // An EPC code starts a SEPA credit transfer: euros, to an account in a SEPA country.
      if (p.currency !== 'EUR' || !isSepaCountry(m.value.slice(0, 2))) return undefined;
      return epcPayload({ name: payee, iban: m.value, amount, remittance: reference });
    case 'upi':
      if (p.currency !== 'INR') return undefined;
      return upiLink({ vpa: m.value, name: payee, amount, note: reference });
    case 'paypal':
      return payPalLink(m.value, amount, p.currency);
    case 'revolut':
      return revolutLink(m.value);
    case 'link':
      return linkPayload(m.value);
  }
}

/** Who or what a handle's label names, as one line without hidden characters (the stored row may hold any). */
function labelName(m: PaymentMethod): string {
  return fieldText(m.name ?? '') || fieldText(m.value);
}

/** What the payer of a transaction is offered: each of the payee's handles that can pay it, as a QR payload or link. */
export function paymentOptions(p: Payment): PaymentOption[] {
  const out: PaymentOption[] = [];
  for (const m of p.methods) {
    let payload: string | undefined;
    try {
      payload = payloadOf(m, p);
    } catch (err) {
      // A stored handle the format cannot carry (an older rule, say) is left out rather than failing the others.
      if (err instanceof RangeError) continue;
      throw err;
    }
    if (payload !== undefined)
      out.push({ kind: m.kind, label: `${kindLabels[m.kind]} · ${labelName(m)}`, payload });
  }
  return out;
}
