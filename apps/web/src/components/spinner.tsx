import { useT } from '@/lib/i18n/use-t';

interface SpinnerProps {
  /** Accessible name, e.g. "Logging out"; "Loading" when not given. */
  label?: string;
  className?: string;
}

export function Spinner({ label, className = 'size-6' }: SpinnerProps) {
  const t = useT();
  return (
    <span
      role="status"
      aria-label={label ?? t('common.loading')}
      className="inline-flex items-center justify-center"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        fill="none"
        className={`animate-spin text-brand-600 dark:text-brand-300 motion-reduce:animate-[spin_1.5s_linear_infinite] ${className}`}
      >
        <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="3" className="opacity-20" />
        <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
    </span>
  );
}

export function FullPageSpinner({ label }: { label?: string }) {
  return (
    <div className="flex h-full min-h-40 items-center justify-center">
      <Spinner label={label} className="size-10" />
    </div>
  );
}
