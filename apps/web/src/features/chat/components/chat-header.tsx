import type { Room } from '@outing/contract';
import { BellSlashIcon, BellIcon } from '@heroicons/react/24/outline';
import { BackButton } from '@/components/back-button';
import { useToast } from '@/hooks/use-toast';
import { useT } from '@/lib/i18n/use-t';
import { useMuteChat, useRoomUnread } from '../api/chat-reads';

/**
 * "Mute chat" / "Unmute chat" (docs/notifications.md): a muted chat's messages are not pushed to this user. The
 * state comes from GET /rooms/unread; shown once known.
 */
function MuteToggle({ roomId }: { roomId: string }) {
  const t = useT();
  const toast = useToast();
  const entry = useRoomUnread(roomId);
  const mute = useMuteChat(roomId);
  if (!entry) return null;
  const muted = mute.isPending && mute.variables !== undefined ? mute.variables : entry.muted;
  return (
    <button
      type="button"
      aria-pressed={muted}
      aria-busy={mute.isPending}
      onClick={() => {
        if (mute.isPending) return;
        mute.mutate(!muted, {
          onSuccess: (answer) => toast.success(answer.muted ? t('chat.mutedToast') : t('chat.unmutedToast')),
          onError: () => toast.error(t('chat.muteFailed')),
        });
      }}
      className={`inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-full px-3 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400 ${
        muted
          ? 'bg-slate-100 text-slate-800 hover:bg-slate-200'
          : 'text-brand-700 dark:text-brand-300 hover:bg-brand-50 dark:hover:bg-brand-950/40'
      }`}
    >
      {muted ? (
        <BellSlashIcon aria-hidden="true" className="size-5" />
      ) : (
        <BellIcon aria-hidden="true" className="size-5" />
      )}
      {t('chat.mute')}
    </button>
  );
}

export function ChatHeader({ roomId, room }: { roomId: string; room: Room | undefined }) {
  const t = useT();
  const muted = useRoomUnread(roomId)?.muted ?? false;
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
            {muted ? ` · ${t('chat.muted')}` : ''}
          </p>
        )}
      </div>
      <MuteToggle roomId={roomId} />
    </header>
  );
}
