import { useId } from 'react';
import { ErrorState, LoadingState } from '@/components/list-states';
import { useToast } from '@/hooks/use-toast';
import { useT } from '@/lib/i18n/use-t';
import { usePreferences, useUpdatePreferences } from '../api/preferences';

/** The reminder preference (issue #20 item 7): a switch that saves as it moves, and moves back if saving fails. */
export function RemindersSection() {
  const t = useT();
  const id = useId();
  const preferences = usePreferences();
  const update = useUpdatePreferences();
  const toast = useToast();

  const onToggle = (eventReminders: boolean) =>
    update.mutate(
      { eventReminders },
      {
        onSuccess: (saved) =>
          toast.success(t(saved.eventReminders ? 'settings.reminders.on' : 'settings.reminders.off')),
        onError: () => toast.error(t('settings.reminders.saveFailed')),
      },
    );

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="flex flex-col gap-3 rounded-2xl bg-surface p-4 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id={`${id}-heading`} className="text-base font-semibold text-slate-900">
        {t('settings.reminders.heading')}
      </h2>
      {preferences.isPending && <LoadingState label={t('settings.reminders.loading')} />}
      {preferences.isError && (
        <ErrorState message={t('settings.reminders.loadFailed')} onRetry={() => void preferences.refetch()} />
      )}
      {preferences.isSuccess && (
        <div className="flex items-center gap-3">
          <div className="min-w-0 flex-1">
            <label htmlFor={id} className="block text-base font-medium text-slate-800">
              {t('settings.reminders.label')}
            </label>
            <p id={`${id}-hint`} className="text-sm text-slate-600">
              {t('settings.reminders.hint')}
            </p>
          </div>
          <span className="relative inline-flex h-11 w-14 shrink-0 items-center justify-center">
            <input
              id={id}
              type="checkbox"
              role="switch"
              checked={preferences.data.eventReminders}
              onChange={(event) => onToggle(event.target.checked)}
              aria-describedby={`${id}-hint`}
              className="peer absolute inset-0 z-10 size-full cursor-pointer opacity-0"
            />
            <span
              aria-hidden="true"
              className="h-7 w-12 rounded-full bg-slate-300 transition peer-checked:bg-brand-600 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 dark:peer-focus-visible:outline-brand-400"
            />
            <span
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-2 size-5 -translate-y-1/2 rounded-full bg-surface shadow transition peer-checked:translate-x-5"
            />
          </span>
        </div>
      )}
    </section>
  );
}
