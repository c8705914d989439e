import { lazy, Suspense, type ComponentProps } from 'react';

// The QR code drawer (qrcode.react) loads when a code is first shown (an invite's join code, a payment's bank
// code), not with the screens that offer one: Home and the room do without it until asked (issue #21).
const QRCodeSVG = lazy(() => import('qrcode.react').then((m) => ({ default: m.QRCodeSVG })));

type QrCodeProps = ComponentProps<typeof QRCodeSVG> & {
  size: number;
  /** Tailwind size classes of the same square as `size`, for the box that stands in while the drawer loads. */
  boxClassName: string;
};

/** A QR code of `size` px; an empty square of the same size while its drawer loads. */
export function QrCode({ boxClassName, ...props }: QrCodeProps) {
  return (
    <Suspense
      fallback={<span aria-hidden="true" data-testid="qr-loading" className={`block ${boxClassName}`} />}
    >
      <QRCodeSVG {...props} />
    </Suspense>
  );
}
