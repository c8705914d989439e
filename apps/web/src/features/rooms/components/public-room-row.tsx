import { useNavigate } from 'react-router';
import type { Room } from '@outing/contract';
import { ButtonSpinner } from '../../../components/form/submit-button';
import { useToast } from '../../../hooks/use-toast';
import { useJoinRoom } from '../api/join-room';
import { joinRoomErrorMessage } from '../messages';
import { RoomSummary } from './room-row';

/** A public room to explore: Join joins it and opens it. */
export function PublicRoomRow({ room }: { room: Room }) {
  const join = useJoinRoom();
  const toast = useToast();
  const navigate = useNavigate();

  const onJoin = () => {
    if (join.isPending) return;
    join.mutate(room.id, {
      onSuccess: () => {
        toast.success(`You joined ${room.name}!`);
        void navigate(`/room/${room.id}`, { state: { from: '/rooms/invites' } });
      },
      onError: (error) => toast.error(joinRoomErrorMessage(error)),
    });
  };

  const going = `${room.attendeesCount} going · by ${room.host.username}`;
  return (
    <li className="flex flex-col gap-3 px-4 py-3 min-[360px]:flex-row min-[360px]:items-center">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <RoomSummary room={room} detail={going} />
      </div>
      <button
        type="button"
        onClick={onJoin}
        aria-label={`Join ${room.name}`}
        aria-disabled={join.isPending}
        aria-busy={join.isPending}
        className="inline-flex min-h-11 shrink-0 items-center justify-center gap-1.5 rounded-full bg-brand-600 px-4 text-sm font-semibold text-white transition hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 active:bg-brand-800 aria-disabled:cursor-not-allowed aria-disabled:bg-brand-600/80"
      >
        {join.isPending && <ButtonSpinner className="size-4 text-white" />}
        Join
      </button>
    </li>
  );
}
