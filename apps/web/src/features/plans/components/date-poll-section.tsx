import { useMemo, useState } from 'react';
import { CalendarDaysIcon } from '@heroicons/react/24/outline';
import type { DateOption, Room } from '@outing/contract';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorState } from '@/components/list-states';
import { useToast } from '@/hooks/use-toast';
import { useT } from '@/lib/i18n/use-t';
import { isApiError } from '@/lib/api-error';
import { useCancelDatePoll } from '../api/cancel-date-poll';
import { useFixDate } from '../api/fix-date';
import { useDatePoll } from '../api/get-date-poll';
import { useGuests } from '../api/get-guests';
import { useVoteDate } from '../api/vote-date';
import { formatOption } from '../lib/plan-dates';
import { planErrorMessage } from '../messages';
import { DateOptionCard } from './date-option-card';
import { DatePollForm } from './date-poll-form';

const card = 'overflow-hidden rounded-2xl bg-surface shadow-sm ring-1 ring-slate-200';
const secondary =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-4 text-sm font-semibold ring-1 transition focus-visible:outline-2 focus-visible:outline-offset-2';

/**
 * Pick a date together (issue #20 item 8): the host proposes dates, members vote with live counts (a ROOM_UPDATED
 * frame re-fetches the poll: its key is under the room's), the host fixes one, which sets the room's date.
 */
export function DatePollSection({ room, meId }: { room: Room; meId: number }) {
  const t = useT();
  const poll = useDatePoll(room.id);
  const isHost = room.hostId === meId;
  const [proposing, setProposing] = useState(false);
  const [fixing, setFixing] = useState<DateOption | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const vote = useVoteDate(room.id);
  const fix = useFixDate(room.id);
  const cancel = useCancelDatePoll(room.id);
  const toast = useToast();
  // The voters' names and faces: the room's guest list (members and invitees), read once someone has voted.
  const anyVote = poll.data?.options.some((o) => o.votes.length > 0) ?? false;
  const guests = useGuests(room.id, anyVote);
  const people = useMemo(() => new Map(guests.data?.map((g) => [g.user.id, g.user])), [guests.data]);

  if (poll.isPending) return null;
  if (poll.isError) {
    // A server without polls answers 404: there is nothing to show then.
    if (isApiError(poll.error) && poll.error.status === 404) return null;
    return <ErrorState message={t('plans.poll.loadFailed')} onRetry={() => void poll.refetch()} />;
  }
  const form = proposing && <DatePollForm room={room} onClose={() => setProposing(false)} />;

  if (poll.data === null) {
    if (!isHost) {
      // Someone sent here by "Vote on the date" (room-info.tsx) learns why there is nothing to vote on yet.
      if (!room.dateTbd) return null;
      return (
        <section id="date-poll" aria-labelledby="date-poll-heading" className={`${card} px-4 py-4`}>
          <h2 id="date-poll-heading" className="font-semibold text-slate-900">
            {t('plans.poll.heading')}
          </h2>
          <p className="text-sm text-slate-600">{t('plans.poll.tbdWaiting')}</p>
        </section>
      );
    }
    return (
      <section
        id="date-poll"
        aria-labelledby="date-poll-heading"
        className={`${card} flex flex-col gap-3 px-4 py-4`}
      >
        <div className="flex items-start gap-3">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-50 dark:bg-brand-950/40">
            <CalendarDaysIcon aria-hidden="true" className="size-5 text-brand-700 dark:text-brand-300" />
          </span>
          <div>
            <h2 id="date-poll-heading" className="font-semibold text-slate-900">
              {t('plans.poll.heading')}
            </h2>
            <p className="text-sm text-slate-600">
              {room.dateTbd ? t('plans.poll.tbdIntro') : t('plans.poll.intro')}
            </p>
          </div>
        </div>
        <button
          type="button"
          aria-haspopup="dialog"
          onClick={() => setProposing(true)}
          className={`${secondary} text-brand-700 dark:text-brand-300 ring-brand-200 dark:ring-brand-800 hover:bg-brand-50 dark:hover:bg-brand-950/40 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400`}
        >
          {t('plans.poll.propose')}
        </button>
        {form}
      </section>
    );
  }

  const options = poll.data.options;
  const mostYes = Math.max(0, ...options.map((o) => o.yes));
  const sendingFor = (option: DateOption) =>
    vote.isPending && vote.variables.optionId === option.id ? vote.variables.vote : null;

  return (
    <section id="date-poll" aria-labelledby="date-poll-heading" className={card}>
      <div className="flex flex-col gap-1 px-4 pt-4 pb-2">
        <h2 id="date-poll-heading" className="font-semibold text-slate-900">
          {t('plans.poll.heading')}
        </h2>
        <p className="text-sm text-slate-600">
          {isHost ? t('plans.poll.hostText') : t('plans.poll.guestText')}
        </p>
      </div>
      <ul aria-label={t('plans.poll.optionsLabel')} className="divide-y divide-slate-100">
        {options.map((option) => (
          <DateOptionCard
            key={option.id}
            option={option}
            leading={mostYes > 0 && option.yes === mostYes}
            sending={sendingFor(option)}
            onVote={(choice) =>
              vote.mutate(
                { optionId: option.id, vote: choice },
                { onError: (error) => toast.error(planErrorMessage(error)) },
              )
            }
            onFix={isHost ? () => setFixing(option) : undefined}
            people={people}
            meId={meId}
          />
        ))}
      </ul>
      {isHost && (
        <div className="flex justify-end gap-2 border-t border-slate-100 px-4 py-3">
          <button
            type="button"
            aria-haspopup="dialog"
            onClick={() => setCancelling(true)}
            className={`${secondary} text-red-700 dark:text-red-300 ring-red-200 dark:ring-red-800 hover:bg-red-50 dark:hover:bg-red-950/40 focus-visible:outline-red-700 dark:focus-visible:outline-red-400`}
          >
            {t('plans.poll.cancel')}
          </button>
          <button
            type="button"
            aria-haspopup="dialog"
            onClick={() => setProposing(true)}
            className={`${secondary} text-brand-700 dark:text-brand-300 ring-brand-200 dark:ring-brand-800 hover:bg-brand-50 dark:hover:bg-brand-950/40 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400`}
          >
            {t('plans.poll.newDates')}
          </button>
        </div>
      )}
      {form}
      {fixing && (
        <ConfirmDialog
          tone="brand"
          title={t('plans.poll.fixTitle', { date: formatOption(fixing) })}
          description={t('plans.poll.fixText')}
          confirmLabel={t('plans.poll.fixConfirm')}
          busy={fix.isPending}
          onCancel={() => setFixing(null)}
          onConfirm={() =>
            fix.mutate(fixing.id, {
              onSuccess: () => {
                setFixing(null);
                toast.success(t('plans.poll.fixed', { date: formatOption(fixing) }));
              },
              onError: (error) => {
                setFixing(null);
                toast.error(planErrorMessage(error));
              },
            })
          }
        />
      )}
      {cancelling && (
        <ConfirmDialog
          title={t('plans.poll.cancelTitle')}
          description={t('plans.poll.cancelText')}
          confirmLabel={t('plans.poll.cancel')}
          busy={cancel.isPending}
          onCancel={() => setCancelling(false)}
          onConfirm={() =>
            cancel.mutate(undefined, {
              onSuccess: () => {
                setCancelling(false);
                toast.success(t('plans.poll.cancelled'));
              },
              onError: (error) => {
                setCancelling(false);
                toast.error(planErrorMessage(error));
              },
            })
          }
        />
      )}
    </section>
  );
}
