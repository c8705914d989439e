import type { PaymentMethod, PaymentOption } from '@outing/contract';

// Mock mode's payment options, thin (docs/principles.md, principle 7): fixed demo payloads, one per handle, so that
// the pay sheet shows a QR code, a link or a handle to copy. Nothing is encoded here: the real payloads (EMV PayNow,
// EPC SEPA, UPI with the amount and reference) are the server's (apps/server/src/features/payments/encoders) and
// tested there.

const LABELS: Record<PaymentMethod['kind'], string> = {
  paynow: 'PayNow',
  iban: 'Bank transfer (SEPA)',
  upi: 'UPI',
  paypal: 'PayPal',
  revolut: 'Revolut',
  link: 'Payment link',
};

/** A demo payload per kind: QR text for the QR kinds, the handle's own link for the others. */
function payload(m: PaymentMethod): string {
  switch (m.kind) {
    case 'paynow':
      return 'OUTING-DEMO-PAYNOW';
    case 'iban':
      return 'OUTING-DEMO-SEPA';
    case 'upi':
      return `upi://pay?pa=${encodeURIComponent(m.value)}`;
    case 'paypal':
      return `https://paypal.me/${m.value}`;
    case 'revolut':
      return `https://revolut.me/${m.value}`;
    case 'link':
      return m.value;
  }
}

export function mockPaymentOptions(methods: PaymentMethod[]): PaymentOption[] {
  return methods.map((m) => ({
    kind: m.kind,
    label: `${LABELS[m.kind]} · ${m.name ?? m.value}`,
    payload: payload(m),
  }));
}
