import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { XMarkIcon } from '@heroicons/react/24/outline';
import { useT } from '@/lib/i18n/use-t';
import { pictureAtWidth } from '../lib/bill-extras';

/**
 * A bill's receipt: its thumbnail, a button that opens the photo full-screen (the image fitting the screen, Esc or
 * Close to go back; focus returns to the thumbnail). It opens over the bill's dialog, whose own Esc it keeps for
 * itself.
 */
export function ReceiptThumbnail({ url, billName }: { url: string; billName: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const alt = t('bills.receipt.thumbnailAlt', { name: billName });
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={t('bills.receipt.open')}
        aria-haspopup="dialog"
        className="size-20 shrink-0 overflow-hidden rounded-xl bg-slate-100 ring-1 ring-slate-200 transition hover:ring-brand-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400"
      >
        <img src={pictureAtWidth(url, 160)} alt="" className="size-full object-cover object-top" />
      </button>
      {open && <ReceiptFullScreen url={url} alt={alt} onClose={() => setOpen(false)} />}
    </>
  );
}

export function ReceiptFullScreen({ url, alt, onClose }: { url: string; alt: string; onClose: () => void }) {
  const t = useT();
  const close = useRef<HTMLButtonElement>(null);
  const latestClose = useRef(onClose);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    latestClose.current = onClose;
  });

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    close.current?.focus();
    // Captured before the bill's dialog hears it: Esc closes this view only, and Tab stays on its one button.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        latestClose.current();
      } else if (event.key === 'Tab') {
        event.preventDefault();
        event.stopPropagation();
        close.current?.focus();
      }
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => {
      window.removeEventListener('keydown', onKeyDown, true);
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return createPortal(
    <div
      role="dialog"
      aria-modal="true"
      aria-label={alt}
      className="fixed inset-0 z-50 flex flex-col bg-black/95 pt-[env(safe-area-inset-top)] pb-[env(safe-area-inset-bottom)]"
    >
      <div className="flex shrink-0 items-center gap-2 px-3 py-2">
        <p className="min-w-0 flex-1 truncate text-sm font-medium text-white/90">{alt}</p>
        <button
          ref={close}
          type="button"
          onClick={onClose}
          aria-label={t('bills.receipt.close')}
          className="inline-flex size-11 items-center justify-center rounded-full text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white"
        >
          <XMarkIcon aria-hidden="true" className="size-7" />
        </button>
      </div>
      <div
        className="flex min-h-0 flex-1 items-center justify-center p-2"
        onClick={(event) => {
          if (event.target === event.currentTarget) onClose();
        }}
      >
        {failed ? (
          <p role="alert" className="px-6 text-center text-sm text-white">
            {t('bills.receipt.loadFailed')}
          </p>
        ) : (
          <img
            src={url}
            alt={alt}
            onError={() => setFailed(true)}
            className="max-h-full max-w-full object-contain"
          />
        )}
      </div>
    </div>,
    document.body,
  );
}
