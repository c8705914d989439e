import { ExclamationTriangleIcon } from '@heroicons/react/24/outline';
import { useT } from '@/lib/i18n/use-t';
import { useAuth } from '@/hooks/use-auth';
import { formatAmount } from '@/lib/money';
import { useBalances } from '@/features/balances/api/get-balances';
import { useAllRooms } from '@/features/rooms/api/get-rooms';

/**
 * Before deleting (docs/accounts.md): what the user still owes and is owed, and the open rooms they host, from what
 * the app already reads (`GET /balances`, `GET /rooms`). Deletion is never refused for money; this only warns.
 */
export function DeletionWarning() {
  const t = useT();
  const { user } = useAuth();
  const balances = useBalances();
  const rooms = useAllRooms();

  if (balances.isPending || rooms.isPending) {
    return (
      <p className="text-sm text-slate-600" aria-live="polite">
        {t('settings.delete.checking')}
      </p>
    );
  }
  if (balances.isError || rooms.isError) {
    return (
      <p className="text-sm text-slate-600" aria-live="polite">
        {t('settings.delete.checkFailed')}
      </p>
    );
  }

  const join = (parts: string[]) => parts.join(', '); // i18n-ignore
  const owe = balances.data.totals.filter((total) => total.owe > 0);
  const owed = balances.data.totals.filter((total) => total.owed > 0);
  const hosted = rooms.data.filter((room) => room.hostId === user.id);
  const lines: string[] = [];
  if (owe.length > 0) {
    lines.push(
      t('settings.delete.youOwe', {
        amounts: join(owe.map((total) => formatAmount(total.owe, total.currency))),
      }),
    );
  }
  if (owed.length > 0) {
    lines.push(
      t('settings.delete.youAreOwed', {
        amounts: join(owed.map((total) => formatAmount(total.owed, total.currency))),
      }),
    );
  }
  if (hosted.length > 0) {
    lines.push(
      t('settings.delete.youHost', {
        count: hosted.length,
        names: join(hosted.map((room) => room.name)),
      }),
    );
  }
  if (lines.length === 0) return null;
  return (
    <div
      aria-live="polite"
      className="flex gap-2 rounded-xl bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200 dark:bg-amber-950/40 dark:text-amber-300 dark:ring-amber-800"
    >
      <ExclamationTriangleIcon aria-hidden="true" className="size-5 shrink-0" />
      <ul className="flex flex-col gap-1">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </div>
  );
}
