import { BellAlertIcon } from '@heroicons/react/24/outline';
import type { Guest } from '@outing/contract';
import { ButtonSpinner } from '@/components/form/submit-button';
import { useToast } from '@/hooks/use-toast';
import { useT } from '@/lib/i18n/use-t';
import { isApiError } from '@/lib/api-error';
import { useNudge, type NudgeResult } from '../api/nudge';
import { formatWhen } from '../lib/plan-dates';
import { planErrorMessage } from '../messages';
import { nextNudgeAt } from './nudge';
import { personName, personNameOr } from '@/lib/person-name';

const nudgeButton =
  'inline-flex min-h-11 shrink-0 items-center justify-center gap-1.5 rounded-full bg-surface px-4 text-sm font-semibold text-brand-800 dark:text-brand-300 ring-1 ring-brand-200 dark:ring-brand-800 transition hover:bg-brand-50 dark:hover:bg-brand-950/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400 aria-disabled:cursor-not-allowed aria-disabled:opacity-70';

/** The toasts of a nudge: who was nudged, and when those skipped can be nudged again. */
function useNudgeAction(roomId: string) {
  const t = useT();
  const nudge = useNudge(roomId);
  const toast = useToast();
  const run = (targets: Guest[], all: boolean) => {
    if (nudge.isPending) return;
    nudge.mutate(all ? undefined : targets.map((g) => g.user.id), {
      onSuccess: ({ nudged, skipped, nextNudgeAt: next }: NudgeResult) => {
        const name = (id: number) =>
          personNameOr(targets.find((g) => g.user.id === id)?.user, t('plans.nudge.them'));
        if (nudged.length > 0) {
          toast.success(
            nudged.length === 1
              ? t('plans.nudge.done', { name: name(nudged[0]!) })
              : t('plans.nudge.doneCount', { count: nudged.length }),
          );
        }
        if (skipped.length === 1) {
          const who = name(skipped[0]!);
          toast.error(
            next
              ? t('plans.nudge.skippedOne', { name: who, when: formatWhen(next) })
              : t('plans.nudge.skippedOneLater', { name: who }),
          );
        } else if (skipped.length > 1) {
          const count = skipped.length;
          toast.error(
            next
              ? t('plans.nudge.skippedMany', { count, when: formatWhen(next) })
              : t('plans.nudge.skippedManyLater', { count }),
          );
        }
      },
      onError: (error) => {
        // After a 429 the header says when it is possible again (the list shows it too once re-fetched).
        const wait = isApiError(error) && error.status === 429 ? error.retryAfterSeconds : null;
        const said = planErrorMessage(error);
        toast.error(
          wait !== null
            ? t('plans.nudge.failedWait', { error: said, when: formatWhen(Date.now() + wait * 1000) })
            : said,
        );
      },
    });
  };
  return { run, nudge };
}

/** "Nudge" beside one pending invitee, or when it becomes possible again. */
export function NudgeOne({ roomId, guest }: { roomId: string; guest: Guest }) {
  const t = useT();
  const { run, nudge } = useNudgeAction(roomId);
  const next = nextNudgeAt(guest);
  if (next !== null) {
    return (
      <span className="shrink-0 text-right text-xs text-slate-600">
        {t('plans.nudge.nudgedUntil', { when: formatWhen(next) })}
      </span>
    );
  }
  const busy = nudge.isPending;
  return (
    <button
      type="button"
      onClick={() => run([guest], false)}
      aria-label={t('plans.nudge.label', { name: personName(guest.user) })}
      aria-disabled={busy}
      aria-busy={busy}
      className={nudgeButton}
    >
      {busy ? (
        <ButtonSpinner className="size-4 text-brand-700 dark:text-brand-300" />
      ) : (
        <BellAlertIcon aria-hidden="true" className="size-4" />
      )}
      {t('plans.nudge.button')}
    </button>
  );
}

/** "Nudge all" over the pending invitees; when none may be nudged now, when that changes. */
export function NudgeAll({ roomId, pending }: { roomId: string; pending: Guest[] }) {
  const t = useT();
  const { run, nudge } = useNudgeAction(roomId);
  const waits = pending.map((g) => nextNudgeAt(g));
  const ready = waits.filter((w) => w === null).length;
  if (pending.length === 0) return null;
  if (ready === 0) {
    const soonest = Math.min(...waits.map((w) => w ?? Infinity));
    return (
      <p className="px-4 py-3 text-sm text-slate-600">
        {t('plans.nudge.allNudged', { when: formatWhen(soonest) })}
      </p>
    );
  }
  const busy = nudge.isPending;
  return (
    <div className="flex items-center justify-between gap-3 px-4 py-3">
      <p className="text-sm text-slate-700">{t('plans.nudge.pending', { count: pending.length })}</p>
      <button
        type="button"
        onClick={() => run(pending, true)}
        aria-disabled={busy}
        aria-busy={busy}
        className={nudgeButton}
      >
        {busy ? (
          <ButtonSpinner className="size-4 text-brand-700 dark:text-brand-300" />
        ) : (
          <BellAlertIcon aria-hidden="true" className="size-4" />
        )}
        {t('plans.nudge.all')}
      </button>
    </div>
  );
}
