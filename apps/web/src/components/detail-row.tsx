import type { ComponentType, ReactNode, SVGProps } from 'react';

export type DetailIcon = ComponentType<SVGProps<SVGSVGElement>>;

/** One term of a room's details list (date, time, venue, …) with its icon: the room page's and the preview's. */
export function DetailRow({
  icon: IconComponent,
  term,
  children,
}: {
  icon: DetailIcon;
  term: string;
  children: ReactNode;
}) {
  // dt and dd stay direct children of the group (a <div> in the <dl>); the icon sits in the dt.
  return (
    <div className="relative min-h-14 py-2.5 pl-12">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">
        <span className="absolute top-2.5 left-0 flex size-9 items-center justify-center rounded-full bg-brand-50 dark:bg-brand-950/40">
          <IconComponent aria-hidden="true" className="size-5 text-brand-700 dark:text-brand-300" />
        </span>
        {term}
      </dt>
      <dd className="text-base break-words text-slate-900">{children}</dd>
    </div>
  );
}
