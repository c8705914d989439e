import type { PaymentMethod, PaymentOption, Transaction } from '@outing/contract';

// Mock mode's payment options: the shapes of docs/payments.md, good enough for a banking app to read in a demo.
// The server's encoders (apps/server/src/features/payments/encoders) are the tested ones.

const tlv = (id: string, value: string) => `${id}${String(value.length).padStart(2, '0')}${value}`;

function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

const LABELS: Record<PaymentMethod['kind'], string> = {
  paynow: 'PayNow',
  iban: 'Bank transfer (SEPA)',
  upi: 'UPI',
  paypal: 'PayPal',
  revolut: 'Revolut',
  link: 'Payment link',
};

function payload(m: PaymentMethod, t: Transaction, reference: string): string | null {
  const amount = t.amount.toFixed(2);
  switch (m.kind) {
    case 'paynow': {
      if (t.currency !== 'SGD') return null;
      const template =
        tlv('00', 'SG.PAYNOW') +
        tlv('01', m.value.startsWith('+') ? '0' : '2') +
        tlv('02', m.value) +
        tlv('03', '0');
      const body =
        tlv('00', '01') +
        tlv('01', '12') +
        tlv('26', template) +
        tlv('52', '0000') +
        tlv('53', '702') +
        tlv('54', amount) +
        tlv('58', 'SG') +
        tlv('59', (m.name ?? t.payee.username).slice(0, 25)) +
        tlv('60', 'Singapore') +
        tlv('62', tlv('01', reference.slice(0, 25))) +
        '6304';
      return body + crc16(body);
    }
    case 'iban':
      if (t.currency !== 'EUR') return null;
      return ['BCD', '002', '1', 'SCT', '', m.name ?? '', m.value, `EUR${amount}`, '', '', reference].join(
        '\n',
      );
    case 'upi':
      if (t.currency !== 'INR') return null;
      return `upi://pay?pa=${encodeURIComponent(m.value)}&pn=${encodeURIComponent(m.name ?? t.payee.username)}&am=${amount}&cu=INR&tn=${encodeURIComponent(reference.slice(0, 50))}`;
    case 'paypal':
      return `https://paypal.me/${m.value}/${amount}${t.currency}`;
    case 'revolut':
      return `https://revolut.me/${m.value}`;
    case 'link':
      return m.value;
  }
}

export function mockPaymentOptions(methods: PaymentMethod[], t: Transaction): PaymentOption[] {
  const reference = `Outing ${t.roomName}`;
  return methods.flatMap((m) => {
    const p = payload(m, t, reference);
    return p === null
      ? []
      : [{ kind: m.kind, label: `${LABELS[m.kind]} · ${m.name ?? m.value}`, payload: p }];
  });
}
