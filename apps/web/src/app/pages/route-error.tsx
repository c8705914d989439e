import { ExclamationTriangleIcon } from '@heroicons/react/24/outline';
import { useRouteError } from 'react-router';
import { useT } from '@/lib/i18n/use-t';

/** Shown when a screen fails to load or throws (e.g. a stale chunk after a deploy). */
export function RouteError() {
  const error = useRouteError();
  const t = useT();
  console.error(error);
  return (
    <main className="mx-auto flex h-dvh max-w-[480px] flex-col items-center justify-center gap-4 px-6 text-center">
      <ExclamationTriangleIcon aria-hidden="true" className="size-16 text-red-600 dark:text-red-300" />
      <h1 className="text-2xl font-semibold text-slate-900">{t('common.routeError.title')}</h1>
      <p className="text-slate-600">{t('common.routeError.body')}</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="inline-flex min-h-11 items-center rounded-full bg-brand-600 px-6 font-medium text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400"
      >
        {t('common.routeError.reload')}
      </button>
    </main>
  );
}
