import { CheckCircleIcon, ExclamationCircleIcon, InformationCircleIcon } from '@heroicons/react/20/solid';
import type { ToastAction, ToastVariant } from './toast-context';

export interface ToastItem {
  id: number;
  variant: ToastVariant;
  message: string;
  leaving: boolean;
  action?: ToastAction;
}

const variantClasses: Record<ToastVariant, string> = {
  success: 'bg-emerald-700 text-white',
  error: 'bg-red-700 text-white',
  // Ink stays dark in both themes (the slate scale turns over in dark mode); the ring sets it off a dark page.
  info: 'bg-ink text-white ring-1 ring-white/20',
};
const icons = {
  success: CheckCircleIcon,
  error: ExclamationCircleIcon,
  info: InformationCircleIcon,
} as const;

export function ToastViewport({ toasts }: { toasts: ToastItem[] }) {
  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 top-[max(1rem,env(safe-area-inset-top))] z-50 flex flex-col items-center gap-2 px-4"
    >
      {toasts.map((toast) => {
        const Icon = icons[toast.variant];
        return (
          <div
            key={toast.id}
            role="status"
            data-variant={toast.variant}
            data-state={toast.leaving ? 'leaving' : 'open'}
            className={`pointer-events-auto flex w-fit max-w-[275px] animate-toast-in items-start gap-2 rounded-xl px-4 py-3 text-sm font-medium shadow-lg transition-opacity duration-300 ${
              variantClasses[toast.variant]
            } ${toast.leaving ? 'opacity-0' : 'opacity-100'}`}
          >
            <Icon aria-hidden="true" className="mt-px size-5 shrink-0" />
            <span className="break-words">{toast.message}</span>
            {toast.action && (
              <button
                type="button"
                onClick={toast.action.onAction}
                className="-my-1.5 -mr-2 ml-1 min-h-9 shrink-0 rounded-lg px-2.5 font-semibold underline underline-offset-2 hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-white"
              >
                {toast.action.label}
              </button>
            )}
          </div>
        );
      })}
    </div>
  );
}
