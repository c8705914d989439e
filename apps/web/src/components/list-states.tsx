import type { ComponentType, ReactNode, SVGProps } from 'react';
import { ArrowPathIcon, ExclamationTriangleIcon } from '@heroicons/react/24/outline';
import { useT } from '@/lib/i18n/use-t';
import { Spinner } from './spinner';

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

/** Loading, empty and error states shared by the list screens (docs/principles.md, principle 6). */

export function LoadingState({ label }: { label: string }) {
  return (
    <div className="flex min-h-40 items-center justify-center py-10">
      <Spinner label={label} className="size-9" />
    </div>
  );
}

export function EmptyState({
  icon: IconComponent,
  title,
  children,
}: {
  icon: Icon;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl bg-surface px-6 py-10 text-center ring-1 ring-slate-200">
      <span className="flex size-14 items-center justify-center rounded-full bg-brand-50 dark:bg-brand-950/40">
        <IconComponent aria-hidden="true" className="size-7 text-brand-700 dark:text-brand-300" />
      </span>
      <p className="text-base font-semibold text-slate-900">{title}</p>
      {children && <div className="text-sm text-slate-600">{children}</div>}
    </div>
  );
}

export function ErrorState({ message, onRetry }: { message: string; onRetry: () => void }) {
  const t = useT();
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-2xl bg-red-50 dark:bg-red-950/40 px-6 py-8 text-center ring-1 ring-red-200 dark:ring-red-800"
    >
      <ExclamationTriangleIcon aria-hidden="true" className="size-8 text-red-600 dark:text-red-300" />
      <p className="text-sm font-medium text-red-800 dark:text-red-300">{message}</p>
      <button
        type="button"
        onClick={onRetry}
        className="inline-flex min-h-11 items-center gap-2 rounded-full bg-surface px-5 text-sm font-semibold text-red-800 dark:text-red-300 ring-1 ring-red-300 dark:ring-red-800 transition hover:bg-red-100 dark:hover:bg-red-950/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 dark:focus-visible:outline-red-400"
      >
        <ArrowPathIcon aria-hidden="true" className="size-5" />
        {t('common.tryAgain')}
      </button>
    </div>
  );
}
