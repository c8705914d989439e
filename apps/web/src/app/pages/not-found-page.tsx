import { Link } from 'react-router';
import { MapIcon } from '@heroicons/react/24/outline';
import { useT } from '@/lib/i18n/use-t';

export default function NotFoundPage() {
  const t = useT();
  return (
    <main className="flex flex-1 flex-col items-center justify-center gap-4 px-6 py-12 text-center">
      <MapIcon aria-hidden="true" className="size-16 text-brand-500 dark:text-brand-300" />
      <h1 className="text-2xl font-semibold text-slate-900">{t('common.notFound.title')}</h1>
      <p className="text-slate-600">{t('common.notFound.body')}</p>
      <Link
        to="/"
        className="inline-flex min-h-11 items-center rounded-full bg-brand-600 px-6 font-medium text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400"
      >
        {t('common.notFound.home')}
      </Link>
    </main>
  );
}
