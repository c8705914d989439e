import type { DateOption, DateVote, User } from '@outing/contract';
import { Avatar } from '@/components/avatar';
import type { MessageKey } from '@/lib/i18n/keys';
import { listNames } from '@/lib/i18n/list-format';
import { useT } from '@/lib/i18n/use-t';
import { personNameOr } from '@/lib/person-name';

const KINDS: { vote: DateVote; label: MessageKey }[] = [
  { vote: 'yes', label: 'plans.poll.vote.yes' },
  { vote: 'maybe', label: 'plans.poll.vote.maybe' },
  { vote: 'no', label: 'plans.poll.vote.no' },
];
/** Faces drawn per answer; the names say everyone. */
const FACES = 4;

interface PollVotersProps {
  votes: DateOption['votes'];
  /** The room's people (members and invitees) by id; one not found is "someone". */
  people: ReadonlyMap<number, User>;
  meId: number;
}

/**
 * Who answered what on one proposed date (issue 37: a poll shows its voters, as WhatsApp polls and Doodle do): per
 * answer, the voters' faces and their names, "you" for the signed-in user.
 */
export function PollVoters({ votes, people, meId }: PollVotersProps) {
  const t = useT();
  const rows = KINDS.map(({ vote, label }) => ({
    vote,
    label,
    voters: votes.filter((v) => v.vote === vote).map((v) => v.userId),
  })).filter((row) => row.voters.length > 0);
  if (rows.length === 0) return null;
  const nameOf = (id: number) =>
    id === meId ? t('plans.poll.you') : personNameOr(people.get(id), t('plans.poll.someone'));
  return (
    // A group of short lines, not a nested list: each date of the poll is an item of the dates' list, whose items
    // (and their count) stay the dates.
    <div role="group" aria-label={t('plans.poll.votersLabel')} className="flex flex-col gap-1.5">
      {rows.map(({ vote, label, voters }) => (
        <p key={vote} data-testid={`voters-${vote}`} className="flex min-w-0 items-center gap-2 text-sm">
          <span className="w-12 shrink-0 font-medium text-slate-700">{t(label)}</span>
          <span aria-hidden="true" className="flex shrink-0 -space-x-2">
            {voters.slice(0, FACES).map((id) => (
              <span key={id} className="rounded-full ring-2 ring-surface">
                <Avatar
                  size="xs"
                  username={people.get(id)?.username ?? '?'}
                  displayName={people.get(id)?.displayName}
                  pictureUrl={people.get(id)?.pictureUrl ?? ''}
                />
              </span>
            ))}
          </span>
          <span className="min-w-0 text-slate-600">{listNames(voters.map(nameOf))}</span>
        </p>
      ))}
    </div>
  );
}
