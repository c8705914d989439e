export const LOGO_ALT = 'Outing – the joint-invite app';

interface LogoProps {
  className?: string;
  /** Show the "Outing" word beside the mark. */
  withWordmark?: boolean;
}

export function Logo({ className = 'size-16', withWordmark = false }: LogoProps) {
  const mark = <img src="/logo.svg" alt={withWordmark ? '' : LOGO_ALT} className={className} />;
  if (!withWordmark) return mark;
  return (
    <span role="img" aria-label={LOGO_ALT} className="inline-flex items-center gap-2">
      {mark}
      <span
        aria-hidden="true"
        className="text-2xl font-bold tracking-tight text-brand-700 dark:text-brand-300"
      >
        Outing
      </span>
    </span>
  );
}
