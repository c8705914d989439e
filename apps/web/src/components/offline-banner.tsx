import { useSyncExternalStore } from 'react';
import { SignalSlashIcon } from '@heroicons/react/24/outline';
import { useT } from '@/lib/i18n/use-t';
import { isOffline, subscribeConnectivity } from '@/lib/connectivity';

/**
 * A bar across the top while the server cannot be reached. The live region is always there (so the message is
 * announced when it appears) and has no role of its own, so it never competes with a screen's status messages.
 */
export function OfflineBanner() {
  const t = useT();
  const offline = useSyncExternalStore(subscribeConnectivity, isOffline, () => false);
  return (
    <div aria-live="polite" data-testid="connectivity">
      {offline && (
        <p className="flex items-center gap-2 bg-amber-100 dark:bg-amber-950/40 px-4 py-2 text-sm font-medium text-amber-900 dark:text-amber-300">
          <SignalSlashIcon aria-hidden="true" className="size-5 shrink-0" />
          {t('common.offline')}
        </p>
      )}
    </div>
  );
}
