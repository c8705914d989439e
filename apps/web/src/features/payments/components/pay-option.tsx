import { useId, useRef, useState } from 'react';
import {
  ArrowDownTrayIcon,
  ArrowTopRightOnSquareIcon,
  DocumentDuplicateIcon,
  ShareIcon,
} from '@heroicons/react/24/outline';
import type { PaymentOption } from '@outing/contract';
import type { MessageKey } from '@/lib/i18n/keys';
import { useT } from '@/lib/i18n/use-t';
import { saveBlob } from '@/lib/download';
import { copyTextOf } from '../lib/copy-text';
import { canSharePng, qrFileName, qrImageFile } from '../lib/qr-image';
import { QrCode } from '@/components/qr-code';

const QR_KINDS = new Set(['paynow', 'iban', 'upi']);
const OPEN_LABELS: Partial<Record<PaymentOption['kind'], MessageKey>> = {
  paypal: 'payments.option.openPaypal',
  revolut: 'payments.option.openRevolut',
  link: 'payments.option.openLink',
  upi: 'payments.option.openUpi',
};

/** A phone (a coarse pointer) has apps that open `upi://` links; a desktop browser does not. */
function onPhone(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
}

// Two equal columns; an odd last button takes the whole row. Labels may wrap in a narrow column, never cut.
const secondaryButton =
  'inline-flex min-h-11 w-full items-center justify-center gap-1.5 rounded-full bg-surface px-2 py-1.5 text-center text-sm font-semibold text-brand-700 dark:text-brand-300 ring-1 ring-brand-200 dark:ring-brand-800 transition hover:bg-brand-50 dark:hover:bg-brand-950/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400 [&:last-child:nth-child(odd)]:col-span-2';
const icon = 'size-5 shrink-0';

type Note = 'copied' | 'copyFailed' | 'saved' | 'shareFailed' | 'imageFailed';
const NOTES: Record<Note, MessageKey> = {
  copied: 'payments.option.copied',
  copyFailed: 'payments.option.copyFailed',
  saved: 'payments.option.saved',
  shareFailed: 'payments.option.shareFailed',
  imageFailed: 'payments.option.imageFailed',
};

export interface PayOptionProps {
  option: PaymentOption;
  /** The amount as shown: "SGD 24.60". */
  amount: string;
  /** Who is paid, for the picture's caption and file name. */
  payee: string;
  /** The room's currency and the amount in its decimals ("24.60"), for the picture's file name. */
  currency: string;
  plainAmount: string;
}

/**
 * One way to pay: a QR code for a banking app to scan, which can be saved to the phone or shared as a picture (a
 * banking app scans it from the gallery), a link to open, and the handle to copy.
 */
export function PayOption({ option, amount, payee, currency, plainAmount }: PayOptionProps) {
  const t = useT();
  const labelId = useId();
  const [note, setNote] = useState<Note | null>(null);
  const [canShare] = useState(canSharePng);
  const qr = useRef<SVGSVGElement>(null);
  const image = useRef<Promise<File | null> | null>(null);
  const copy = copyTextOf(option);
  const hasQr = QR_KINDS.has(option.kind);
  const openLabel = OPEN_LABELS[option.kind];
  const canOpen = openLabel !== undefined && (option.kind !== 'upi' || onPhone());
  const isWebLink = option.payload.startsWith('https:');

  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(copy.text);
      setNote('copied');
    } catch {
      setNote('copyFailed');
    }
  };

  /** The picture, drawn once: on the button's press, so that it is ready when the click asks to share it. */
  const picture = (): Promise<File | null> => {
    const svg = qr.current;
    if (!svg) return Promise.resolve(null);
    image.current ??= qrImageFile(
      svg,
      { title: t('payments.qrImage.title', { payee }), amount, label: option.label },
      qrFileName(option.kind, payee, currency, plainAmount),
    ).catch(() => null);
    return image.current;
  };

  const save = (file: File) => {
    saveBlob(file, file.name);
    setNote('saved');
  };

  const onSave = async () => {
    const file = await picture();
    if (file) save(file);
    else setNote('imageFailed');
  };

  const onShare = async () => {
    const file = await picture();
    if (!file) {
      setNote('imageFailed');
      return;
    }
    try {
      await navigator.share({
        files: [file],
        title: t('payments.qrImage.title', { payee }),
        text: t('payments.qrImage.shareText', { amount, label: option.label }),
      });
      setNote(null);
    } catch (error) {
      // Closing the share sheet is no failure; anything else (no app took it, the press expired) saves instead.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      save(file);
      setNote('shareFailed');
    }
  };

  return (
    <li className="flex flex-col items-center gap-3 rounded-2xl bg-surface p-4 ring-1 ring-slate-200">
      <p id={labelId} className="w-full text-sm font-semibold break-words text-slate-900">
        {option.label}
      </p>
      {hasQr && (
        // White around the code is its quiet zone (4 modules): scanners need it.
        <div className="rounded-xl bg-surface p-1 ring-1 ring-slate-200">
          <QrCode
            ref={qr}
            value={option.payload}
            size={240}
            boxClassName="size-60"
            marginSize={4}
            level="M"
            role="img"
            aria-label={t('payments.option.qr', { label: option.label, amount })}
            data-testid={`qr-${option.kind}`}
          />
        </div>
      )}
      <div className="grid w-full grid-cols-2 gap-2">
        {hasQr && (
          <button
            type="button"
            aria-describedby={labelId}
            onPointerDown={() => void picture()}
            onClick={() => void onSave()}
            className={secondaryButton}
          >
            <ArrowDownTrayIcon aria-hidden="true" className={icon} />
            {t('payments.option.saveQr')}
          </button>
        )}
        {hasQr && canShare && (
          <button
            type="button"
            aria-describedby={labelId}
            onPointerDown={() => void picture()}
            onClick={() => void onShare()}
            className={secondaryButton}
          >
            <ShareIcon aria-hidden="true" className={icon} />
            {t('payments.option.shareQr')}
          </button>
        )}
        {canOpen && (
          // An https link opens in a new tab; `upi://` hands over to the phone's UPI app.
          <a
            href={option.payload}
            {...(isWebLink ? { target: '_blank' } : {})}
            rel="noopener noreferrer"
            aria-describedby={labelId}
            className={secondaryButton}
          >
            <ArrowTopRightOnSquareIcon aria-hidden="true" className={icon} />
            {t(openLabel)}
          </a>
        )}
        <button type="button" onClick={() => void onCopy()} className={secondaryButton}>
          <DocumentDuplicateIcon aria-hidden="true" className={icon} />
          {copy.label}
        </button>
      </div>
      <p role="status" className="text-center text-sm text-slate-600 empty:hidden">
        {note ? t(NOTES[note]) : ''}
      </p>
      {note === 'copyFailed' && (
        <p className="w-full text-sm break-all text-slate-800 select-all">{copy.text}</p>
      )}
    </li>
  );
}
