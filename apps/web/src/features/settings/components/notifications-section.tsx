import { useState } from 'react';
import type { PushCategory } from '@outing/contract';
import { ErrorState, LoadingState } from '@/components/list-states';
import { useAuth } from '@/hooks/use-auth';
import { useToast } from '@/hooks/use-toast';
import { useT } from '@/lib/i18n/use-t';
import { browserPushEnvironment, enablePush } from '@/features/push/push';
import { DEFAULT_NOTIFY, DEFAULT_PUSH, usePreferences, useUpdatePreferences } from '../api/preferences';
import { SettingsCard } from './settings-card';
import { Switch } from './switch';

/** The rows, in the order of the brief: friends, invites, room changes, money, chat, reminders. */
const KINDS = [
  'friends',
  'invites',
  'roomChanges',
  'money',
  'chat',
  'reminders',
] as const satisfies readonly PushCategory[];

type Permission = NotificationPermission | 'unsupported';

function currentPermission(): Permission {
  return browserPushEnvironment().permission();
}

/**
 * Notification preferences (docs/notifications.md §Preferences): per group, "In app" (stored and listed) and "Push"
 * (sent to the devices). Each switch saves as it moves and moves back, with a toast, if saving fails.
 */
export function NotificationsSection() {
  const t = useT();
  const toast = useToast();
  const preferences = usePreferences();
  const update = useUpdatePreferences();

  // mutate's own callbacks fire for the last call only: each switch waits for its own save.
  const save = (changes: Parameters<typeof update.mutate>[0]) =>
    update.mutateAsync(changes).catch(() => toast.error(t('settings.notifications.saveFailed')));

  return (
    <SettingsCard title={t('settings.notifications.heading')}>
      <PushPermission />
      {preferences.isPending && <LoadingState label={t('settings.notifications.loading')} />}
      {preferences.isError && (
        <ErrorState
          message={t('settings.notifications.loadFailed')}
          onRetry={() => void preferences.refetch()}
        />
      )}
      {preferences.isSuccess && (
        <div role="group" aria-label={t('settings.notifications.heading')}>
          <div
            aria-hidden="true"
            className="grid grid-cols-[1fr_3.5rem_3.5rem] items-end gap-x-1 border-b border-slate-200 pb-1 text-center text-xs font-medium text-slate-600"
          >
            <span />
            <span>{t('settings.notifications.inApp')}</span>
            <span>{t('settings.notifications.push')}</span>
          </div>
          <ul className="divide-y divide-slate-200">
            {KINDS.map((kind) => {
              const notify = preferences.data.notify ?? DEFAULT_NOTIFY;
              const push = preferences.data.push ?? DEFAULT_PUSH;
              const kindLabel = t(`settings.notifications.kind.${kind}`);
              return (
                <li key={kind} className="grid grid-cols-[1fr_3.5rem_3.5rem] items-center gap-x-1 py-2">
                  <div className="min-w-0">
                    <p className="font-medium text-slate-900">{kindLabel}</p>
                    <p className="text-sm text-slate-600">{t(`settings.notifications.kindHint.${kind}`)}</p>
                  </div>
                  <div className="flex justify-center">
                    {kind === 'chat' ? (
                      <span className="text-center text-xs text-slate-600">
                        {t('settings.notifications.chatInRoom')}
                      </span>
                    ) : (
                      <Switch
                        label={t('settings.notifications.inAppFor', { kind: kindLabel })}
                        checked={kind === 'reminders' ? preferences.data.eventReminders : notify[kind]}
                        onChange={(on) => void save({ notify: { [kind]: on } })}
                      />
                    )}
                  </div>
                  <div className="flex justify-center">
                    <Switch
                      label={t('settings.notifications.pushFor', { kind: kindLabel })}
                      checked={push[kind]}
                      onChange={(on) => void save({ push: { [kind]: on } })}
                    />
                  </div>
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </SettingsCard>
  );
}

/** What this browser allows: blocked (how to allow it again), not asked yet (ask), or nothing to say. */
function PushPermission() {
  const t = useT();
  const toast = useToast();
  const { user } = useAuth();
  const [permission, setPermission] = useState<Permission>(currentPermission);
  const [busy, setBusy] = useState(false);

  if (permission === 'granted') return null;
  if (permission === 'unsupported') {
    return <p className="text-sm text-slate-600">{t('settings.notifications.pushUnsupported')}</p>;
  }
  if (permission === 'denied') {
    return (
      <div
        role="note"
        className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200 dark:bg-amber-950/40 dark:text-amber-300 dark:ring-amber-800"
      >
        <p className="font-semibold">{t('settings.notifications.pushDenied')}</p>
        <p className="mt-1">{t('settings.notifications.pushDeniedHelp')}</p>
      </div>
    );
  }
  const turnOn = async () => {
    setBusy(true);
    const outcome = await enablePush(user.id, { prompt: true });
    setBusy(false);
    setPermission(currentPermission());
    if (outcome === 'subscribed') toast.success(t('settings.notifications.pushTurnedOn'));
    else if (currentPermission() !== 'denied') toast.error(t('settings.notifications.pushFailed'));
  };
  return (
    <div className="flex flex-col items-start gap-2 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200 min-[380px]:flex-row min-[380px]:items-center min-[380px]:gap-3">
      <p className="min-w-0 flex-1 text-sm text-slate-700">{t('settings.notifications.pushOff')}</p>
      <button
        type="button"
        onClick={() => void turnOn()}
        disabled={busy}
        aria-busy={busy}
        className="inline-flex min-h-11 items-center rounded-full bg-brand-600 px-4 text-sm font-semibold text-white transition hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60 dark:focus-visible:outline-brand-400"
      >
        {t('settings.notifications.turnOnPush')}
      </button>
    </div>
  );
}
