import { ArrowPathIcon } from '@heroicons/react/24/outline';
import { useT } from '@/lib/i18n/use-t';
import { useRealtimeStatus } from '@/lib/realtime';

/** Shown while the socket is down: messages from others arrive again (and the missed ones) once it is back. */
export function ConnectionBanner() {
  const t = useT();
  const status = useRealtimeStatus();
  if (status !== 'reconnecting') return null;
  return (
    <p
      role="status"
      className="flex shrink-0 items-center justify-center gap-1.5 border-b border-amber-200 dark:border-amber-800 bg-amber-50 dark:bg-amber-950/40 px-3 py-1.5 text-xs font-medium text-amber-900 dark:text-amber-300"
    >
      <ArrowPathIcon aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
      {t('chat.reconnecting')}
    </p>
  );
}
