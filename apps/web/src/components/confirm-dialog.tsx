import { useRef, type ReactNode, type RefObject } from 'react';
import { useT } from '@/lib/i18n/use-t';
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
  /** `brand` for a step that takes nothing back (e.g. confirming a payment arrived); red by default. */
  tone?: 'danger' | 'brand';
}

const TONES = {
  danger: 'bg-red-700 hover:bg-red-800 focus-visible:outline-red-700 dark:focus-visible:outline-red-400',
  brand:
    'bg-brand-600 hover:bg-brand-700 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400',
} as const;

/**
 * Asks before an action (destructive ones by default). Cancel has the focus; while the action runs nothing closes the dialog and the
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
  tone = 'danger',
}: ConfirmDialogProps) {
  const t = useT();
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
          className="inline-flex min-h-12 flex-1 items-center justify-center rounded-full bg-surface px-5 text-base font-semibold text-slate-800 ring-1 ring-slate-300 transition hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400 disabled:opacity-60"
        >
          {t('common.cancel')}
        </button>
        <button
          type="button"
          onClick={() => {
            if (!busy) onConfirm();
          }}
          aria-disabled={busy}
          aria-busy={busy}
          className={`inline-flex min-h-12 flex-1 items-center justify-center gap-2 rounded-full px-5 text-base font-semibold text-white transition focus-visible:outline-2 focus-visible:outline-offset-2 aria-disabled:cursor-not-allowed aria-disabled:opacity-80 ${TONES[tone]}`}
        >
          {busy && <ButtonSpinner />}
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
