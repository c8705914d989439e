import type { ComponentType, SVGProps } from 'react';

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

/**
 * A link that looks like the room page's action buttons and opens another site in a new tab (a calendar's new-event
 * form, directions). `name` is what a screen reader says: the visible `label` and where it goes, e.g. "Add to Google
 * Calendar (opens in a new tab)" for "Google Calendar". No trailing "new tab" arrow: at 390 px "Google Calendar" and
 * its icon fill half the row already.
 */
export function ExternalActionLink({
  href,
  icon: IconComponent,
  label,
  name,
  className,
}: {
  href: string;
  icon: Icon;
  label: string;
  name: string;
  className: string;
}) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" aria-label={name} className={className}>
      <IconComponent aria-hidden="true" className="size-5 shrink-0 text-brand-700 dark:text-brand-300" />
      {label}
    </a>
  );
}
