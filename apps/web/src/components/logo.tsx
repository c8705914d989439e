import { useT } from '@/lib/i18n/use-t';

interface LogoProps {
  className?: string;
  /** Show the "Outing" word beside the mark. */
  withWordmark?: boolean;
}

/** The mark, named "Outing – the joint-invite app" (docs/product.md#what-outing-is) in the interface's language. */
export function Logo({ className = 'size-16', withWordmark = false }: LogoProps) {
  const t = useT();
  const alt = t('common.logoAlt');
  const mark = <img src="/logo.svg" alt={withWordmark ? '' : alt} className={className} />;
  if (!withWordmark) return mark;
  return (
    <span role="img" aria-label={alt} className="inline-flex items-center gap-2">
      {mark}
      <span
        aria-hidden="true"
        className="text-2xl font-bold tracking-tight text-brand-700 dark:text-brand-300"
      >
        {/* i18n-ignore: the brand */}
        Outing
      </span>
    </span>
  );
}
