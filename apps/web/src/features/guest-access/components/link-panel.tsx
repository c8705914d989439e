import type { ReactNode } from 'react';
import { LinkIcon } from '@heroicons/react/24/outline';

/**
 * A link to hand on (the guest link, a guest's personal link): the url in full, wrapping anywhere, named for a screen
 * reader by `label`, with its actions below.
 */
export function LinkPanel({
  url,
  label,
  testId,
  children,
}: {
  url: string;
  label: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-3 rounded-2xl bg-slate-50 p-3 ring-1 ring-slate-200">
      <p className="flex items-start gap-2 text-sm text-slate-800">
        <LinkIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
        <span className="sr-only">{label}: </span>
        <span data-testid={testId} className="min-w-0 font-mono text-[13px] break-all">
          {url}
        </span>
      </p>
      {children}
    </div>
  );
}
