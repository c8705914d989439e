import type { Room } from '@outing/contract';
import { BackButton } from '../../../components/back-button';
import { useT } from '../../../i18n/use-t';

export function ChatHeader({ roomId, room }: { roomId: string; room: Room | undefined }) {
  const t = useT();
  return (
    <header className="z-10 flex min-h-14 shrink-0 items-center gap-2 border-b border-slate-200 bg-surface px-2">
      <BackButton fallback={`/room/${roomId}`} />
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
          {room?.name ?? t('chat.title')}
        </h1>
        {room && (
          <p className="truncate text-xs text-slate-500">
            {room.isClosed ? `${t('chat.closed')} · ` : ''}
            {t('chat.members', { count: room.attendeesCount })}
          </p>
        )}
      </div>
    </header>
  );
}
