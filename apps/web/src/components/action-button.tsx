import type { ComponentType, SVGProps } from 'react';
import { Link } from 'react-router';

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

export const actionButtonClass =
  'inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-2xl bg-surface px-3 text-sm font-semibold text-slate-800 shadow-sm ring-1 ring-slate-200 transition hover:bg-brand-50 dark:hover:bg-brand-950/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400 active:scale-[0.98]';

type ActionProps = { icon: Icon; label: string } & (
  { to: string; state?: unknown; onClick?: never } | { onClick: () => void; to?: never; state?: never }
);

/** One of the room page's action buttons: a link when given `to`, else a button. */
export function ActionButton(props: ActionProps) {
  const { icon: IconComponent, label } = props;
  const content = (
    <>
      <IconComponent aria-hidden="true" className="size-5 text-brand-700 dark:text-brand-300" />
      {label}
    </>
  );
  if (props.to !== undefined) {
    return (
      <Link to={props.to} state={props.state} className={actionButtonClass}>
        {content}
      </Link>
    );
  }
  return (
    <button type="button" onClick={props.onClick} aria-haspopup="dialog" className={actionButtonClass}>
      {content}
    </button>
  );
}
