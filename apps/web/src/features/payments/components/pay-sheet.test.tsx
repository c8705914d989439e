import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QRCodeSVG } from 'qrcode.react';
import { describe, expect, it, vi } from 'vitest';
import type { PaymentOption, Transaction } from '@outing/contract';
import { answer, answerError, success } from '@/test/api';
import { withProviders } from '@/test/render-app';
import { formatAmount } from '@/lib/money';
import { MOCK_MONEY_ROOMS, mockPeople } from '@/mocks/demo';
import { payment } from '@/features/transactions/testing';
import { PaySheet } from './pay-sheet';

const ada = { id: 7, username: 'ada', email: '', pictureUrl: '' };
const transaction: Transaction = payment({
  id: 27,
  consolidationId: 8,
  room: MOCK_MONEY_ROOMS.camden,
  payer: ada,
  payee: mockPeople.dev,
  amount: 18.4,
  currency: 'SGD',
});

// Built like the server's encoders do (packages/payments): the sheet shows what it is given.
const PAYNOW =
  '00020101021226380009SG.PAYNOW010100211+659123456703010520400005303702540518.405802SG5909dev_patel6009Singapore62240120Outing Camden Brunch630484BB';
const EPC = 'BCD\n002\n1\nSCT\n\nDev Patel\nDE89370400440532013000\nEUR18.40\n\n\nOuting Camden Brunch';
const UPI = 'upi://pay?pa=dev%40okaxis&pn=dev_patel&am=18.40&cu=INR&tn=Outing%20Camden%20Brunch';
const options: PaymentOption[] = [
  { kind: 'paynow', label: 'PayNow · +6591234567', payload: PAYNOW },
  { kind: 'iban', label: 'Bank transfer (SEPA) · Dev Patel', payload: EPC },
  { kind: 'upi', label: 'UPI · dev@okaxis', payload: UPI },
  { kind: 'paypal', label: 'PayPal · devp', payload: 'https://paypal.me/devp/18.40SGD' },
  { kind: 'revolut', label: 'Revolut · devp', payload: 'https://revolut.me/devp' },
  {
    kind: 'link',
    label: 'Payment link · https://pay.example.com/dev',
    payload: 'https://pay.example.com/dev',
  },
];

function renderSheet(props: Partial<Parameters<typeof PaySheet>[0]> = {}) {
  const onPaid = vi.fn();
  const onClose = vi.fn();
  render(
    withProviders(
      <PaySheet transaction={transaction} settling={false} onPaid={onPaid} onClose={onClose} {...props} />,
    ),
  );
  return { onPaid, onClose, sheet: () => within(screen.getByRole('dialog', { name: 'Pay dev_patel' })) };
}

/** The SVG path qrcode.react draws for `value`: equal paths are equal codes. */
function qrPath(value: string): string | null {
  const { container, unmount } = render(<QRCodeSVG value={value} size={240} marginSize={4} level="M" />);
  const d = container.querySelector('path:last-of-type')?.getAttribute('d') ?? null;
  unmount();
  return d;
}

// Intl puts a no-break space between the code and the number.
const SGD_18_40 = formatAmount(18.4, 'SGD');

describe('pay sheet', () => {
  it('shows the amount in the room’s currency, the reference, and each option by its kind', async () => {
    answer('get', '/transactions/27/payment-options', success(options));
    const { sheet } = renderSheet();
    expect(sheet().getByText('SGD 18.40')).toBeInTheDocument();
    expect(sheet().getByText('Outing Camden Brunch')).toBeInTheDocument();
    const list = within(await sheet().findByRole('list', { name: 'Ways to pay' }));
    expect(list.getAllByRole('listitem')).toHaveLength(6);

    // QR codes for the bank formats, drawn from the server's payload, at least 220 px with a quiet zone.
    for (const [kind, payload] of [
      ['paynow', PAYNOW],
      ['iban', EPC],
      ['upi', UPI],
    ] as const) {
      const qr = await screen.findByTestId(`qr-${kind}`);
      expect(qr).toHaveAttribute('role', 'img');
      expect(Number(qr.getAttribute('width'))).toBeGreaterThanOrEqual(220);
      const expected = qrPath(payload);
      expect(expected).toMatch(/^M/);
      expect(qr.querySelector('path:last-of-type')?.getAttribute('d')).toBe(expected);
    }
    expect(
      screen.getByRole('img', { name: `PayNow · +6591234567 QR code for ${SGD_18_40}` }),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('qr-paypal')).not.toBeInTheDocument();

    // Links open in a new tab; upi:// only on a phone.
    expect(list.getByRole('link', { name: 'Open PayPal' })).toHaveAttribute(
      'href',
      'https://paypal.me/devp/18.40SGD',
    );
    expect(list.getByRole('link', { name: 'Open Revolut' })).toHaveAttribute(
      'href',
      'https://revolut.me/devp',
    );
    expect(list.getByRole('link', { name: 'Open payment link' })).toHaveAttribute('target', '_blank');
    expect(list.queryByRole('link', { name: 'Open in a UPI app' })).not.toBeInTheDocument();
  });

  it('offers the upi:// link on a phone', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(pointer: coarse)' }));
    answer('get', '/transactions/27/payment-options', success([options[2]]));
    renderSheet();
    expect(await screen.findByRole('link', { name: 'Open in a UPI app' })).toHaveAttribute('href', UPI);
    vi.unstubAllGlobals();
  });

  it('copies the handle a banking app needs: the number, the IBAN, the UPI ID, the link', async () => {
    const user = userEvent.setup(); // its clipboard stands in for the browser's
    answer('get', '/transactions/27/payment-options', success(options));
    renderSheet();
    const copied: string[] = [];
    for (const name of ['Copy number', 'Copy IBAN', 'Copy UPI ID', 'Copy link']) {
      await user.click((await screen.findAllByRole('button', { name }))[0]!);
      copied.push(await navigator.clipboard.readText());
    }
    expect(copied).toEqual([
      '+6591234567',
      'DE89370400440532013000',
      'dev@okaxis',
      'https://paypal.me/devp/18.40SGD',
    ]);
    expect(screen.getAllByText('Copied').length).toBeGreaterThan(0);
  });

  it('names the payee by their display name where set (issue 37)', async () => {
    answer('get', '/transactions/27/payment-options', success([]));
    render(
      withProviders(
        <PaySheet
          transaction={{ ...transaction, payee: { ...mockPeople.dev, displayName: 'Dev Patel' } }}
          settling={false}
          onPaid={vi.fn()}
          onClose={vi.fn()}
        />,
      ),
    );
    expect(await screen.findByRole('dialog', { name: 'Pay Dev Patel' })).toBeInTheDocument();
  });

  it('says to ask the payee when they have no handles', async () => {
    answer('get', '/transactions/27/payment-options', success([]));
    renderSheet();
    expect(await screen.findByText('No payment handles')).toBeInTheDocument();
    expect(screen.getByText(/Ask them how they want to be paid\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'I’ve paid' })).toBeInTheDocument();
  });

  it('shows loading, then an error with a retry', async () => {
    answerError('get', '/transactions/27/payment-options', 500);
    renderSheet();
    expect(screen.getByRole('status', { name: 'Loading payment options' })).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load how to pay.');
    answer('get', '/transactions/27/payment-options', success(options.slice(3, 4)));
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Open PayPal' })).toBeInTheDocument();
  });

  it('“I’ve paid” asks first; “Not yet” goes back; “Yes, I’ve paid” settles', async () => {
    answer('get', '/transactions/27/payment-options', success([]));
    const { onPaid } = renderSheet();
    await userEvent.click(await screen.findByRole('button', { name: 'I’ve paid' }));
    const ask = screen.getByRole('alertdialog', { name: 'Did you pay?' });
    expect(ask).toHaveAccessibleDescription(
      `Mark ${SGD_18_40} to dev_patel as paid? They will be asked to confirm it arrived.`,
    );
    await userEvent.click(within(ask).getByRole('button', { name: 'Not yet' }));
    expect(onPaid).not.toHaveBeenCalled();
    await userEvent.click(await screen.findByRole('button', { name: 'I’ve paid' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, I’ve paid' }));
    expect(onPaid).toHaveBeenCalledTimes(1);
  });

  it('while settling the confirmation is busy and cannot be dismissed', async () => {
    answer('get', '/transactions/27/payment-options', success([]));
    const { onPaid, onClose } = renderSheet({ settling: true });
    await userEvent.click(await screen.findByRole('button', { name: 'I’ve paid' }));
    const yes = screen.getByRole('button', { name: 'Yes, I’ve paid' });
    expect(yes).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(yes);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(onPaid).not.toHaveBeenCalled());
    expect(onClose).not.toHaveBeenCalled();
  });
});
