import { useState } from 'react';
import { ArrowTopRightOnSquareIcon, DocumentDuplicateIcon } from '@heroicons/react/24/outline';
import type { PaymentOption } from '@outing/contract';
import type { MessageKey } from '../../../i18n/keys';
import { useT } from '../../../i18n/use-t';
import { copyTextOf } from '../lib/copy-text';
import { QrCode } from '../../../components/qr-code';

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

const secondaryButton =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-full bg-surface px-4 text-sm font-semibold text-brand-700 dark:text-brand-300 ring-1 ring-brand-200 dark:ring-brand-800 transition hover:bg-brand-50 dark:hover:bg-brand-950/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400';

/** One way to pay: a QR code for a banking app to scan, a link to open, and the handle to copy. */
export function PayOption({ option, amount }: { option: PaymentOption; amount: string }) {
  const t = useT();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = copyTextOf(option);
  const hasQr = QR_KINDS.has(option.kind);
  const openLabel = OPEN_LABELS[option.kind];
  const canOpen = openLabel !== undefined && (option.kind !== 'upi' || onPhone());

  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(copy.text);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };

  return (
    <li className="flex flex-col items-center gap-3 rounded-2xl bg-surface p-4 ring-1 ring-slate-200">
      <p className="w-full text-sm font-semibold break-words text-slate-900">{option.label}</p>
      {hasQr && (
        // White around the code is its quiet zone (4 modules): scanners need it.
        <div className="rounded-xl bg-surface p-1 ring-1 ring-slate-200">
          <QrCode
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
      <div className="flex w-full flex-wrap justify-center gap-2">
        {canOpen && (
          <a href={option.payload} target="_blank" rel="noopener noreferrer" className={secondaryButton}>
            <ArrowTopRightOnSquareIcon aria-hidden="true" className="size-5" />
            {t(openLabel)}
          </a>
        )}
        <button type="button" onClick={() => void onCopy()} className={secondaryButton}>
          <DocumentDuplicateIcon aria-hidden="true" className="size-5" />
          {copy.label}
        </button>
      </div>
      <p role="status" className="text-sm text-slate-600 empty:hidden">
        {copied === 'yes'
          ? t('payments.option.copied')
          : copied === 'failed'
            ? t('payments.option.copyFailed')
            : ''}
      </p>
      {copied === 'failed' && (
        <p className="w-full text-sm break-all text-slate-800 select-all">{copy.text}</p>
      )}
    </li>
  );
}
