import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QRCodeSVG } from 'qrcode.react';
import { describe, expect, it, vi } from 'vitest';
import type { PaymentOption, Transaction } from '@outing/contract';
import { answer, success } from '@/test/api';
import { catchDownloads } from '@/test/downloads';
import { setTestLanguage } from '@/test/i18n';
import { withProviders } from '@/test/render-app';
import { formatAmount } from '@/lib/money';
import { MOCK_MONEY_ROOMS, mockPeople } from '@/mocks/demo';
import { payment } from '@/features/transactions/testing';
import { PaySheet } from './pay-sheet';

// Issue 33: the pay sheet saves the QR code as a picture (a banking app scans it from the gallery) or shares it,
// and opens UPI and payment links directly.

const transaction: Transaction = payment({
  id: 27,
  consolidationId: 8,
  room: MOCK_MONEY_ROOMS.camden,
  payer: { id: 7, username: 'ada', email: '', pictureUrl: '' },
  payee: mockPeople.dev,
  amount: 18.4,
  currency: 'SGD',
});

const PAYNOW =
  '00020101021226380009SG.PAYNOW010100211+659123456703010520400005303702540518.405802SG5909dev_patel6009Singapore62240120Outing Camden Brunch630484BB';
const UPI = 'upi://pay?pa=dev%40okaxis&pn=dev_patel&am=18.40&cu=INR&tn=Outing%20Camden%20Brunch';
const paynow: PaymentOption = { kind: 'paynow', label: 'PayNow · +6591234567', payload: PAYNOW };
const upi: PaymentOption = { kind: 'upi', label: 'UPI · dev@okaxis', payload: UPI };
const links: PaymentOption[] = [
  { kind: 'paypal', label: 'PayPal · devp', payload: 'https://paypal.me/devp/18.40SGD' },
  { kind: 'revolut', label: 'Revolut · devp', payload: 'https://revolut.me/devp' },
  {
    kind: 'link',
    label: 'Payment link · https://pay.example.com/dev',
    payload: 'https://pay.example.com/dev',
  },
];
const SGD_18_40 = formatAmount(18.4, 'SGD');
const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function renderSheet(options: PaymentOption[]) {
  answer('get', '/transactions/27/payment-options', success(options));
  render(
    withProviders(<PaySheet transaction={transaction} settling={false} onPaid={vi.fn()} onClose={vi.fn()} />),
  );
}

/** The dark modules' path qrcode.react draws for `value`. */
function qrPath(value: string): string | null {
  const { container, unmount } = render(<QRCodeSVG value={value} size={240} marginSize={4} level="M" />);
  const d = container.querySelector('path:last-of-type')?.getAttribute('d') ?? null;
  unmount();
  return d;
}

/**
 * jsdom draws nothing: a 2D context that records what the picture gets (the code's path, each caption line), and a
 * canvas whose PNG is a few bytes.
 */
function recordCanvas() {
  const drawn = { paths: [] as string[], texts: [] as string[], width: 0, height: 0 };
  vi.stubGlobal(
    'Path2D',
    class {
      constructor(readonly d: string) {}
    },
  );
  const ctx = {
    font: '',
    fillStyle: '',
    textAlign: '',
    textBaseline: '',
    save: () => {},
    restore: () => {},
    scale: () => {},
    fillRect: () => {},
    fill: (path: { d: string }) => drawn.paths.push(path.d),
    fillText: (text: string) => drawn.texts.push(text),
    measureText: (text: string) => ({ width: text.length * 10 }),
  };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () => ctx as unknown as CanvasRenderingContext2D,
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (
    this: HTMLCanvasElement,
    done: BlobCallback,
  ) {
    drawn.width = this.width;
    drawn.height = this.height;
    done(new Blob([PNG_BYTES], { type: 'image/png' }));
  });
  return drawn;
}

/** A browser with Web Share: `canShare` answers `can`, `share` records what it is handed (or fails with `error`). */
function webShare(can: boolean, error?: DOMException) {
  const share = vi.fn((data: ShareData) =>
    error ? Promise.reject(error) : Promise.resolve(data && undefined),
  );
  Object.defineProperty(navigator, 'share', { value: share, configurable: true });
  Object.defineProperty(navigator, 'canShare', {
    value: (data: ShareData) => can && (data.files ?? []).every((f) => f.type === 'image/png'),
    configurable: true,
  });
  return share;
}

describe('pay sheet: saving and sharing the QR code', () => {
  it('shares the QR code as a PNG named for the payee and amount when the browser can share files', async () => {
    const drawn = recordCanvas();
    const share = webShare(true);
    const downloads = catchDownloads();
    renderSheet([paynow]);
    await screen.findByTestId('qr-paynow');
    const button = screen.getByRole('button', { name: 'Share' });
    expect(button).toHaveAccessibleDescription('PayNow · +6591234567');
    await userEvent.click(button);

    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    const data = share.mock.calls[0]![0];
    expect(data).toMatchObject({ title: 'Pay dev_patel', text: `${SGD_18_40} by PayNow · +6591234567` });
    const [file] = data.files!;
    expect(file).toBeInstanceOf(File);
    expect(file!.name).toBe('paynow-dev_patel-SGD18.40.png');
    expect(file!.type).toBe('image/png');
    expect(file!.size).toBe(PNG_BYTES.length); // the canvas's PNG
    // The picture is the code on screen, at least 600 px, with the payee and the amount written under it.
    expect(drawn.paths).toEqual([qrPath(PAYNOW)]);
    expect(drawn.width).toBeGreaterThanOrEqual(600);
    expect(drawn.height).toBeGreaterThan(drawn.width);
    expect(drawn.texts).toEqual(['Pay dev_patel', SGD_18_40, 'PayNow · +6591234567']);
    expect(downloads).toEqual([]);
  });

  it('hides Share when the browser cannot share files, and Save downloads the PNG, its URL revoked after', async () => {
    recordCanvas();
    const share = webShare(false);
    const downloads = catchDownloads();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    renderSheet([paynow]);
    await screen.findByTestId('qr-paynow');
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save QR code' }));

    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]!.name).toBe('paynow-dev_patel-SGD18.40.png');
    expect(downloads[0]!.blob?.type).toBe('image/png');
    expect(screen.getByRole('status')).toHaveTextContent(
      'QR code saved. In your banking app, scan it from the picture.',
    );
    expect(URL.revokeObjectURL).not.toHaveBeenCalled();
    vi.advanceTimersByTime(10_000);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith(downloads[0]!.href);
    expect(share).not.toHaveBeenCalled();
  });

  it('offers Save on every QR option, Share too where the browser can, and neither on a link', async () => {
    recordCanvas();
    webShare(true);
    renderSheet([paynow, upi, ...links]);
    const list = within(await screen.findByRole('list', { name: 'Ways to pay' }));
    await screen.findByTestId('qr-upi');
    expect(list.getAllByRole('button', { name: 'Save QR code' })).toHaveLength(2);
    expect(list.getAllByRole('button', { name: 'Share' })).toHaveLength(2);
    // Each is a 44 px target at least (min-h-11).
    for (const b of list.getAllByRole('button')) expect(b).toHaveClass('min-h-11');
  });

  it('saves instead when sharing fails, and does nothing when the share sheet is closed', async () => {
    recordCanvas();
    webShare(true, new DOMException('Share canceled', 'AbortError'));
    const downloads = catchDownloads();
    renderSheet([paynow]);
    await screen.findByTestId('qr-paynow');
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(navigator.share).toHaveBeenCalled());
    expect(downloads).toEqual([]);

    webShare(true, new DOMException('No activation', 'NotAllowedError'));
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]!.name).toBe('paynow-dev_patel-SGD18.40.png');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Could not share it, so the QR code was saved instead.',
    );
  });

  it('says so when the browser cannot draw the picture', async () => {
    webShare(false);
    const downloads = catchDownloads();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    renderSheet([paynow]);
    await screen.findByTestId('qr-paynow');
    await userEvent.click(screen.getByRole('button', { name: 'Save QR code' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Could not make a picture of the QR code: take a screenshot instead.',
    );
    expect(downloads).toEqual([]);
  });

  it('opens links directly: https in a new tab, upi:// in the phone’s UPI app', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(pointer: coarse)' }));
    renderSheet([upi, ...links]);
    const list = within(await screen.findByRole('list', { name: 'Ways to pay' }));
    const upiLink = list.getByRole('link', { name: 'Open in a UPI app' });
    expect(upiLink).toHaveAttribute('href', UPI);
    expect(upiLink).not.toHaveAttribute('target');
    expect(upiLink).toHaveAttribute('rel', 'noopener noreferrer');
    for (const [name, href] of [
      ['Open PayPal', 'https://paypal.me/devp/18.40SGD'],
      ['Open Revolut', 'https://revolut.me/devp'],
      ['Open payment link', 'https://pay.example.com/dev'],
    ] as const) {
      const link = list.getByRole('link', { name });
      expect(link).toHaveAttribute('href', href);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  it('speaks Chinese, in the picture too', async () => {
    setTestLanguage('zh');
    const drawn = recordCanvas();
    const share = webShare(true);
    renderSheet([paynow]);
    await screen.findByTestId('qr-paynow');
    expect(screen.getByRole('button', { name: '保存二维码' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '分享' }));
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    expect(share.mock.calls[0]![0].title).toBe('付款给 dev_patel');
    expect(drawn.texts[0]).toBe('付款给 dev_patel');
  });
});
