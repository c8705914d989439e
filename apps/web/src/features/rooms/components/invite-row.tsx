import { CheckIcon, XMarkIcon } from '@heroicons/react/24/outline';
import type { Invite } from '@outing/contract';
import { ButtonSpinner } from '../../../components/form/submit-button';
import { useToast } from '../../../hooks/use-toast';
import { useAnswerInvite } from '../api/answer-invite';
import { answerInviteErrorMessage } from '../messages';
import { RoomSummary } from './room-row';

const answerButton =
  'inline-flex min-h-11 flex-1 items-center justify-center gap-1.5 rounded-full px-4 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 aria-disabled:cursor-not-allowed aria-disabled:opacity-70';

/** A pending invite: Accept joins the room, Decline drops the invite (product-spec §4). */
export function InviteRow({ invite }: { invite: Invite }) {
  const answer = useAnswerInvite();
  const toast = useToast();
  const { room } = invite;
  const busyWith = answer.isPending ? (answer.variables.accept ? 'accept' : 'decline') : null;

  const respond = (accept: boolean) => {
    if (answer.isPending) return;
    answer.mutate(
      { invite, accept },
      {
        onSuccess: () => {
          if (accept) toast.success(`You joined ${room.name}!`);
        },
        onError: (error) => toast.error(answerInviteErrorMessage(error)),
      },
    );
  };

  return (
    <li className="flex flex-col gap-3 px-4 py-3">
      <div className="flex items-center gap-3">
        <RoomSummary room={room} detail={`Hosted by ${room.host.username}`} />
      </div>
      <div className="flex gap-2">
        <button
          type="button"
          onClick={() => respond(false)}
          aria-label={`Decline invite to ${room.name}`}
          aria-disabled={answer.isPending}
          aria-busy={busyWith === 'decline'}
          className={`${answerButton} bg-white text-red-700 ring-1 ring-red-200 hover:bg-red-50 focus-visible:outline-red-700`}
        >
          {busyWith === 'decline' ? (
            <ButtonSpinner className="size-4 text-red-700" />
          ) : (
            <XMarkIcon aria-hidden="true" className="size-5" />
          )}
          Decline
        </button>
        <button
          type="button"
          onClick={() => respond(true)}
          aria-label={`Accept invite to ${room.name}`}
          aria-disabled={answer.isPending}
          aria-busy={busyWith === 'accept'}
          className={`${answerButton} bg-emerald-700 text-white hover:bg-emerald-800 focus-visible:outline-emerald-700`}
        >
          {busyWith === 'accept' ? (
            <ButtonSpinner className="size-4" />
          ) : (
            <CheckIcon aria-hidden="true" className="size-5" />
          )}
          Accept
        </button>
      </div>
    </li>
  );
}
