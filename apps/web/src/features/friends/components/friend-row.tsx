import type { Friend } from '@outing/contract';
import { Avatar } from '@/components/avatar';
import { useT } from '@/lib/i18n/use-t';

interface FriendRowProps {
  friend: Friend;
  onRemove: (friend: Friend) => void;
}

export function FriendRow({ friend, onRemove }: FriendRowProps) {
  const t = useT();
  return (
    <li className="flex items-center gap-3 px-4 py-3">
      <Avatar username={friend.username} pictureUrl={friend.pictureUrl} online={friend.isOnline} />
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-slate-900">{friend.username}</p>
        {friend.isOnline ? (
          <p className="text-sm font-medium text-emerald-700 dark:text-emerald-300">
            {t('friends.list.online')}
          </p>
        ) : (
          friend.email && <p className="truncate text-sm text-slate-600">{friend.email}</p>
        )}
      </div>
      <button
        type="button"
        onClick={() => onRemove(friend)}
        aria-label={t('friends.remove.label', { name: friend.username })}
        className="inline-flex min-h-11 shrink-0 items-center rounded-full px-4 text-sm font-semibold text-red-700 dark:text-red-300 ring-1 ring-red-200 dark:ring-red-800 transition hover:bg-red-50 dark:hover:bg-red-950/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 dark:focus-visible:outline-red-400 active:bg-red-100 dark:active:bg-red-950/40"
      >
        {t('friends.remove.button')}
      </button>
    </li>
  );
}
