import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { XMarkIcon } from '@heroicons/react/24/outline';
import { useT } from '@/lib/i18n/use-t';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusablesIn(panel: HTMLElement): HTMLElement[] {
  return Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE));
}

export interface DialogProps {
  title: string;
  /** Linked with aria-describedby. */
  description?: ReactNode;
  /** `alertdialog` for a confirmation that interrupts. */
  role?: 'dialog' | 'alertdialog';
  onClose: () => void;
  children: ReactNode;
  /** Focused on open; else the first focusable element. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Focused on close when the element that opened the dialog is gone (e.g. its row was removed). */
  fallbackFocusRef?: RefObject<HTMLElement | null>;
  /** False while something is in flight: Esc and the backdrop then do nothing. */
  dismissible?: boolean;
  /** Shown at the right of the title (e.g. a close button). */
  headerAction?: ReactNode;
}

/**
 * A modal dialog: labelled by its title, focus kept inside (Tab and Shift+Tab wrap), Esc and the backdrop close it,
 * and focus goes back where it was. A bottom sheet on a phone, a centred card on wider screens.
 */
export function Dialog({
  title,
  description,
  role = 'dialog',
  onClose,
  children,
  initialFocusRef,
  fallbackFocusRef,
  dismissible = true,
  headerAction,
}: DialogProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  // Opening and closing are mount and unmount; the listeners installed then read the latest props from here.
  const latest = useRef({ onClose, dismissible, initialFocusRef, fallbackFocusRef });
  useEffect(() => {
    latest.current = { onClose, dismissible, initialFocusRef, fallbackFocusRef };
  });

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current;
    if (panel) (latest.current.initialFocusRef?.current ?? focusablesIn(panel)[0] ?? panel).focus();

    function onKeyDown(event: KeyboardEvent) {
      const current = panelRef.current;
      if (!current) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        if (latest.current.dismissible) latest.current.onClose();
        return;
      }
      if (event.key !== 'Tab') return;
      const focusables = focusablesIn(current);
      const first = focusables[0];
      const last = focusables[focusables.length - 1];
      if (!first || !last) {
        event.preventDefault();
        current.focus();
        return;
      }
      const active = document.activeElement;
      const inside = active instanceof Node && current.contains(active);
      if (event.shiftKey && (active === first || !inside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    }

    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      const target = opener?.isConnected ? opener : latest.current.fallbackFocusRef?.current;
      target?.focus();
    };
  }, []);

  return createPortal(
    <div className="fixed inset-0 z-40 flex items-end justify-center sm:items-center sm:p-4">
      <div
        data-testid="dialog-backdrop"
        aria-hidden="true"
        onClick={() => {
          if (dismissible) onClose();
        }}
        className="absolute inset-0 bg-ink/60 backdrop-blur-[2px]"
      />
      <div
        ref={panelRef}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className="relative flex max-h-[85dvh] w-full max-w-[480px] min-w-[320px] flex-col overflow-hidden rounded-t-3xl bg-surface pb-[env(safe-area-inset-bottom)] shadow-2xl outline-none sm:max-w-md sm:rounded-3xl"
      >
        <div className="flex items-center gap-2 px-5 pt-5 pb-2">
          <h2 id={titleId} className="min-w-0 flex-1 text-lg font-semibold text-slate-900">
            {title}
          </h2>
          {headerAction}
        </div>
        {description && (
          <div id={descriptionId} className="px-5 text-sm text-slate-600">
            {description}
          </div>
        )}
        <div className="flex min-h-0 flex-1 flex-col">{children}</div>
      </div>
    </div>,
    document.body,
  );
}

/** The round ✕ of a dialog's header (`headerAction`), labelled "Close". */
export function DialogCloseButton({ onClose }: { onClose: () => void }) {
  const t = useT();
  return (
    <button
      type="button"
      onClick={onClose}
      aria-label={t('common.close')}
      className="-mr-2 inline-flex size-11 items-center justify-center rounded-full text-slate-600 transition hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400"
    >
      <XMarkIcon aria-hidden="true" className="size-6" />
    </button>
  );
}
