import { useRef } from 'react';
import { Dialog } from '../../../components/dialog';
import { ButtonSpinner } from '../../../components/form/submit-button';

/**
 * Asks before a step of a payment. Like ConfirmDialog, but the confirming button is the brand's colour unless the
 * step takes something back (`danger`).
 */
export function ActionConfirm({
  title,
  description,
  confirmLabel,
  danger = false,
  busy,
  onConfirm,
  onCancel,
}: {
  title: string;
  description: string;
  confirmLabel: string;
  danger?: boolean;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const tone = danger
    ? 'bg-red-700 hover:bg-red-800 focus-visible:outline-red-700'
    : 'bg-brand-600 hover:bg-brand-700 focus-visible:outline-brand-600';
  return (
    <Dialog
      role="alertdialog"
      title={title}
      description={description}
      onClose={onCancel}
      dismissible={!busy}
      initialFocusRef={cancelRef}
    >
      <div className="flex flex-col-reverse gap-3 px-5 pt-5 pb-5 min-[360px]:flex-row min-[360px]:justify-end">
        <button
          ref={cancelRef}
          type="button"
          onClick={onCancel}
          disabled={busy}
          className="inline-flex min-h-12 flex-1 items-center justify-center rounded-full bg-white px-5 text-base font-semibold text-slate-800 ring-1 ring-slate-300 transition hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60"
        >
          Cancel
        </button>
        <button
          type="button"
          onClick={() => {
            if (!busy) onConfirm();
          }}
          aria-disabled={busy}
          aria-busy={busy}
          className={`inline-flex min-h-12 flex-1 items-center justify-center gap-2 rounded-full px-5 text-base font-semibold text-white transition focus-visible:outline-2 focus-visible:outline-offset-2 aria-disabled:cursor-not-allowed aria-disabled:opacity-80 ${tone}`}
        >
          {busy && <ButtonSpinner />}
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
