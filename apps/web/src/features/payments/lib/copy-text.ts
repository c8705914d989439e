import type { PaymentOption } from '@outing/contract';
import { t } from '@/lib/i18n/i18n';

/** EMVCo's TLV: two digits of id, two of length, the value; null when the string is not one. */
function emvFields(payload: string): Map<string, string> | null {
  const fields = new Map<string, string>();
  let at = 0;
  while (at < payload.length) {
    const id = payload.slice(at, at + 2);
    const length = Number(payload.slice(at + 2, at + 4));
    if (!/^\d{2}$/.test(id) || !Number.isInteger(length) || at + 4 + length > payload.length) return null;
    fields.set(id, payload.slice(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return fields;
}

export interface CopyText {
  /** The button's words, e.g. "Copy IBAN". */
  label: string;
  text: string;
}

/**
 * What a person pasting into a banking app wants from an option: the IBAN of a GiroCode, the PayNow number of an
 * SGQR, the UPI ID of a `upi://` link, or the link itself. The payload is the fallback: it is what the QR holds.
 */
export function copyTextOf(option: PaymentOption): CopyText {
  const { kind, payload } = option;
  if (kind === 'paynow') {
    const template = emvFields(payload)?.get('26');
    const proxy = template ? emvFields(template)?.get('02') : undefined;
    if (proxy)
      return {
        label: proxy.startsWith('+') ? t('payments.copy.number') : t('payments.copy.uen'),
        text: proxy,
      };
  }
  if (kind === 'iban') {
    // EPC069-12: the IBAN is the 7th line.
    const iban = payload.split('\n')[6];
    if (iban) return { label: t('payments.copy.iban'), text: iban };
  }
  if (kind === 'upi') {
    const query = payload.split('?')[1];
    const vpa = query ? new URLSearchParams(query).get('pa') : null;
    if (vpa) return { label: t('payments.copy.upi'), text: vpa };
  }
  if (kind === 'paypal' || kind === 'revolut' || kind === 'link')
    return { label: t('payments.copy.link'), text: payload };
  return { label: t('payments.copy.code'), text: payload };
}
