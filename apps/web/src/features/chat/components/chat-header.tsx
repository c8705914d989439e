import { ChevronLeftIcon } from '@heroicons/react/24/outline';
import type { Room } from '@outing/contract';
import { useLocation, useNavigate } from 'react-router';

/** Back where the user came from when navigation state says so, else to the room. */
function BackToRoom({ roomId }: { roomId: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const from: unknown = (location.state as { from?: unknown } | null)?.from;
  return (
    <button
      type="button"
      aria-label="Back"
      onClick={() => void (from ? navigate(-1) : navigate(`/room/${roomId}`))}
      className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 active:bg-slate-200"
    >
      <ChevronLeftIcon aria-hidden="true" className="size-6" />
    </button>
  );
}

function membersLabel(count: number): string {
  return count === 1 ? '1 member' : `${count} members`;
}

export function ChatHeader({ roomId, room }: { roomId: string; room: Room | undefined }) {
  return (
    <header className="z-10 flex min-h-14 shrink-0 items-center gap-2 border-b border-slate-200 bg-white px-2">
      <BackToRoom roomId={roomId} />
      {room ? (
        <img
          src={room.imageUrl}
          alt=""
          aria-hidden="true"
          className="size-9 shrink-0 rounded-full bg-slate-200 object-cover ring-1 ring-slate-200"
        />
      ) : (
        <span aria-hidden="true" className="size-9 shrink-0 animate-pulse rounded-full bg-slate-200" />
      )}
      <div className="min-w-0 flex-1 pr-2">
        <h1 className="truncate text-base leading-tight font-semibold text-slate-900">
          {room?.name ?? 'Chat'}
        </h1>
        {room && (
          <p className="truncate text-xs text-slate-500">
            {room.isClosed ? 'Closed · ' : ''}
            {membersLabel(room.attendeesCount)}
          </p>
        )}
      </div>
    </header>
  );
}
