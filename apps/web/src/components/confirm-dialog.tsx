import { useRef, type ReactNode, type RefObject } from 'react';
import { ButtonSpinner } from './form/submit-button';
import { Dialog } from './dialog';

interface ConfirmDialogProps {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  fallbackFocusRef?: RefObject<HTMLElement | null>;
}

/**
 * Asks before a destructive action. Cancel has the focus; while the action runs nothing closes the dialog and the
 * confirm button stays focusable (aria-disabled), so focus is not lost.
 */
export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  busy,
  onConfirm,
  onCancel,
  fallbackFocusRef,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      role="alertdialog"
      title={title}
      description={description}
      onClose={onCancel}
      dismissible={!busy}
      initialFocusRef={cancelRef}
      fallbackFocusRef={fallbackFocusRef}
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
          className="inline-flex min-h-12 flex-1 items-center justify-center gap-2 rounded-full bg-red-700 px-5 text-base font-semibold text-white transition hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 aria-disabled:cursor-not-allowed aria-disabled:opacity-80"
        >
          {busy && <ButtonSpinner />}
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
