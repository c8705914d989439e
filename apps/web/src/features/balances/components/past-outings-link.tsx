import { Link } from 'react-router';
import { ArchiveBoxIcon, ChevronRightIcon } from '@heroicons/react/24/outline';
import { useT } from '@/lib/i18n/use-t';

/** The profile's way to the closed rooms the user was in (issue #19 item 4). */
export function PastOutingsLink() {
  const t = useT();
  return (
    <Link
      to="/profile/past"
      className="flex min-h-14 items-center gap-3 rounded-2xl bg-surface px-4 py-3 shadow-sm ring-1 ring-slate-200 transition hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400"
    >
      <span className="flex size-9 items-center justify-center rounded-full bg-brand-50 dark:bg-brand-950/40">
        <ArchiveBoxIcon aria-hidden="true" className="size-5 text-brand-700 dark:text-brand-300" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-semibold text-slate-900">{t('balances.past.title')}</span>
        <span className="block text-sm text-slate-600">{t('balances.past.subtitle')}</span>
      </span>
      <ChevronRightIcon aria-hidden="true" className="size-5 text-slate-500" />
    </Link>
  );
}
