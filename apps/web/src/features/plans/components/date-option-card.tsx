import type { DateOption, DateVote, User } from '@outing/contract';
import { ButtonSpinner } from '@/components/form/submit-button';
import type { MessageKey } from '@/lib/i18n/keys';
import { useT } from '@/lib/i18n/use-t';
import { formatOption } from '../lib/plan-dates';
import { PollVoters } from './poll-voters';

const VOTES: { value: DateVote; label: MessageKey; on: string }[] = [
  {
    value: 'yes',
    label: 'plans.poll.vote.yes',
    on: 'bg-emerald-700 text-white ring-emerald-700 dark:ring-emerald-400',
  },
  { value: 'maybe', label: 'plans.poll.vote.maybe', on: 'bg-amber-500 text-ink ring-amber-500' },
  {
    value: 'no',
    label: 'plans.poll.vote.no',
    on: 'bg-slate-700 text-white ring-slate-700 dark:bg-slate-300 dark:ring-slate-300',
  },
];

interface DateOptionCardProps {
  option: DateOption;
  /** Most yes votes so far (and at least one). */
  leading: boolean;
  /** The vote being sent for this option, if any. */
  sending: DateVote | null;
  onVote: (vote: DateVote) => void;
  /** The host's "Fix this date". */
  onFix?: () => void;
  /** The room's people by id, to name the voters. */
  people: ReadonlyMap<number, User>;
  meId: number;
}

/** One proposed date: its live counts, my vote (yes / maybe / no) and, for the host, fixing it. */
export function DateOptionCard(props: DateOptionCardProps) {
  const { option, leading, sending, onVote, onFix } = props;
  const t = useT();
  const label = formatOption(option);
  return (
    <li className="flex flex-col gap-2.5 px-4 py-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="font-semibold text-slate-900">
          <time dateTime={option.startsAt}>{label}</time>
          {leading && (
            <span className="ml-2 rounded-full bg-emerald-50 dark:bg-emerald-950/40 px-2 py-0.5 text-xs font-semibold text-emerald-800 dark:text-emerald-300">
              {t('plans.poll.mostVotes')}
            </span>
          )}
        </p>
        <p
          className="text-sm text-slate-600"
          aria-label={t('plans.poll.countsLabel', { yes: option.yes, maybe: option.maybe, no: option.no })}
        >
          {t('plans.poll.counts', { yes: option.yes, maybe: option.maybe, no: option.no })}
        </p>
      </div>
      <PollVoters votes={option.votes} people={props.people} meId={props.meId} />
      <div
        role="group"
        aria-label={t('plans.poll.voteLabel', { date: label })}
        className="grid grid-cols-3 gap-2"
      >
        {VOTES.map(({ value, label: text, on }) => {
          const pressed = option.myVote === value;
          return (
            <button
              key={value}
              type="button"
              aria-pressed={pressed}
              aria-disabled={sending !== null}
              onClick={() => {
                if (sending === null && !pressed) onVote(value);
              }}
              className={`inline-flex min-h-11 items-center justify-center gap-1.5 rounded-full px-2 text-sm font-semibold ring-1 transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400 aria-disabled:cursor-wait ${
                pressed ? on : 'bg-surface text-slate-800 ring-slate-300 hover:bg-slate-50'
              }`}
            >
              {sending === value && <ButtonSpinner className="size-4" />}
              {t(text)}
            </button>
          );
        })}
      </div>
      {onFix && (
        <button
          type="button"
          onClick={onFix}
          aria-haspopup="dialog"
          aria-label={t('plans.poll.fixLabel', { date: label })}
          className="inline-flex min-h-11 items-center justify-center self-end rounded-full px-4 text-sm font-semibold text-brand-700 dark:text-brand-300 ring-1 ring-brand-200 dark:ring-brand-800 hover:bg-brand-50 dark:hover:bg-brand-950/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400"
        >
          {t('plans.poll.fixThis')}
        </button>
      )}
    </li>
  );
}
