import type { ReactNode } from 'react';
import { ExclamationTriangleIcon } from '@heroicons/react/24/outline';
import { PageHeader } from './page-header';

/**
 * A whole screen for something that is not there (a room, a room's preview): the screen's header, the reason
 * (announced), a line of detail and `action`, the way out.
 */
export function NotFoundState({
  header,
  title,
  detail,
  back,
  action,
}: {
  header: string;
  title: string;
  detail: string;
  back: boolean;
  action: ReactNode;
}) {
  return (
    <>
      <PageHeader title={header} back={back} />
      <div className="flex flex-col items-center gap-3 px-6 py-12 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-brand-50 dark:bg-brand-950/40">
          <ExclamationTriangleIcon aria-hidden="true" className="size-7 text-brand-700 dark:text-brand-300" />
        </span>
        <p role="alert" className="text-base font-semibold text-slate-900">
          {title}
        </p>
        <p className="text-sm text-slate-600">{detail}</p>
        {action}
      </div>
    </>
  );
}
