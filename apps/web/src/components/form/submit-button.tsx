import type { ReactNode } from 'react';

interface SubmitButtonProps {
  children: ReactNode;
  /** While true the button shows a spinner, is aria-busy and cannot be pressed again. */
  busy: boolean;
  disabled?: boolean;
}

export const primaryButtonClass =
  'relative inline-flex h-12 w-full items-center justify-center gap-2 rounded-full bg-brand-600 px-6 text-base font-semibold text-white shadow-sm transition hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400 active:bg-brand-800 disabled:cursor-not-allowed disabled:bg-brand-600/70';

export function SubmitButton({ children, busy, disabled = false }: SubmitButtonProps) {
  return (
    <button type="submit" disabled={busy || disabled} aria-busy={busy} className={primaryButtonClass}>
      {busy && <ButtonSpinner />}
      {children}
    </button>
  );
}

export function ButtonSpinner({ className = 'text-white' }: { className?: string }) {
  return (
    <svg
      aria-hidden="true"
      data-testid="button-spinner"
      viewBox="0 0 24 24"
      fill="none"
      className={`size-5 animate-spin motion-reduce:animate-[spin_1.5s_linear_infinite] ${className}`}
    >
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="3" className="opacity-25" />
      <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
