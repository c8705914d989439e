import type { ComponentType, SVGProps } from 'react';
import { Link } from 'react-router';
import { ChevronRightIcon } from '@heroicons/react/24/outline';

/** A row of the profile that leads to a settings screen: icon, title, one line of what is there, chevron. */
export function SettingsLinkRow({
  to,
  icon: Icon,
  title,
  subtitle,
}: {
  to: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  title: string;
  subtitle: string;
}) {
  return (
    <Link
      to={to}
      state={{ from: '/profile' }}
      className="flex min-h-14 items-center gap-3 rounded-2xl bg-surface px-4 py-3 shadow-sm ring-1 ring-slate-200 transition hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400"
    >
      <span className="flex size-9 items-center justify-center rounded-full bg-brand-50 dark:bg-brand-950/40">
        <Icon aria-hidden="true" className="size-5 text-brand-700 dark:text-brand-300" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-semibold text-slate-900">{title}</span>
        <span className="block text-sm text-slate-600">{subtitle}</span>
      </span>
      <ChevronRightIcon aria-hidden="true" className="size-5 text-slate-500" />
    </Link>
  );
}
