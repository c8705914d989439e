import type { ReactNode } from 'react';
import { BackButton } from './back-button';

interface PageHeaderProps {
  title: string;
  /** Room sub-pages and other stacked screens have a back button instead of the tab bar. */
  back?: boolean;
  /** Where the back button goes when the user did not come from inside the app (BackButton's `fallback`). */
  backFallback?: string;
  actions?: ReactNode;
}

export function PageHeader({ title, back = false, backFallback, actions }: PageHeaderProps) {
  return (
    <header className="sticky top-0 z-10 flex min-h-14 items-center gap-1 border-b border-slate-200 bg-surface/90 px-2 backdrop-blur">
      {back ? (
        <BackButton {...(backFallback && { fallback: backFallback })} />
      ) : (
        <span className="w-2" aria-hidden="true" />
      )}
      <h1 className="min-w-0 flex-1 truncate text-lg font-semibold text-slate-900">{title}</h1>
      {actions}
    </header>
  );
}
