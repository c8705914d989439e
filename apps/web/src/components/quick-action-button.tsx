import type { ComponentType, SVGProps } from 'react';
import { Link } from 'react-router';

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

interface CommonProps {
  icon: Icon;
  title: string;
  /** Shown as a red badge only when above 0. */
  count?: number;
}

export type QuickActionButtonProps = CommonProps &
  ({ to: string; state?: unknown; onClick?: never } | { onClick: () => void; to?: never; state?: never });

const classes =
  'relative flex min-h-11 min-w-11 flex-col items-center justify-center gap-1.5 rounded-2xl bg-surface px-3 py-3 text-sm font-medium text-slate-800 shadow-sm ring-1 ring-slate-200 transition hover:bg-brand-50 dark:hover:bg-brand-950/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400 active:scale-[0.98]';

/** A generic quick action (docs/product.md#home): a link when given `to`, else a button. */
export function QuickActionButton(props: QuickActionButtonProps) {
  const { icon: IconComponent, title, count = 0 } = props;
  const content = (
    <>
      <IconComponent aria-hidden="true" className="size-6 text-brand-700 dark:text-brand-300" />
      <span>{title}</span>
      {count > 0 && (
        <span
          data-testid="quick-action-badge"
          className="absolute -top-1.5 -right-1.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-xs font-semibold text-white"
        >
          <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
          <span className="sr-only">{` (${count})`}</span>
        </span>
      )}
    </>
  );

  if (props.to !== undefined) {
    return (
      <Link to={props.to} state={props.state} className={classes}>
        {content}
      </Link>
    );
  }
  return (
    <button type="button" onClick={props.onClick} className={classes}>
      {content}
    </button>
  );
}
