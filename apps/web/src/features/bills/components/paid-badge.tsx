import { useT } from '@/lib/i18n/use-t';

/** A payment's state as a pill: "Paid" in green, "Unpaid" in amber (the room's payments and a settled round's). */
export function PaidBadge({ isPaid }: { isPaid: boolean }) {
  const t = useT();
  return (
    <span
      className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${
        isPaid
          ? 'bg-emerald-100 dark:bg-emerald-950/40 text-emerald-800 dark:text-emerald-300'
          : 'bg-amber-100 dark:bg-amber-950/40 text-amber-900 dark:text-amber-300'
      }`}
    >
      {isPaid ? t('bills.paid') : t('bills.unpaid')}
    </span>
  );
}
