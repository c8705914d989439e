import { SignalSlashIcon } from '@heroicons/react/24/outline';
import { useOffline } from '@/hooks/use-offline';
import { dateTimeFormat, formatTimeOfDay, timeOptions } from '@/lib/i18n/format';
import { useT } from '@/lib/i18n/use-t';

/** "19:30" today; "Mon 1 Dec, 19:30" another day (the locale's order and time style). */
export function formatAsOf(at: number, now = new Date()): string {
  const then = new Date(at);
  if (then.toDateString() === now.toDateString()) return formatTimeOfDay(then);
  return dateTimeFormat({ weekday: 'short', day: 'numeric', month: 'short', ...timeOptions() }).format(then);
}

/**
 * Offline, the room's money is what was cached (issue 37): it says when that was (the balances query's
 * `dataUpdatedAt`), so nobody pays what someone else already settled meanwhile. Nothing online.
 */
export function MoneyAsOf({ updatedAt }: { updatedAt: number }) {
  const t = useT();
  const offline = useOffline();
  if (!offline || updatedAt === 0) return null;
  return (
    <p
      data-testid="money-as-of"
      className="flex items-center gap-2 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200 dark:bg-amber-950/40 dark:text-amber-300 dark:ring-amber-800"
    >
      <SignalSlashIcon aria-hidden="true" className="size-4 shrink-0" />
      <span>{t('bills.money.asOf', { time: formatAsOf(updatedAt) })}</span>
    </p>
  );
}
