import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ChevronRightIcon } from '@heroicons/react/20/solid';
import type { Friend } from '@outing/contract';
import { Avatar } from '@/components/avatar';
import { useT } from '@/lib/i18n/use-t';
import { personName } from '@/lib/person-name';

interface FriendRowProps {
  friend: Friend;
  /** What is owed either way with this friend, compactly (app/routes/friends composes it from GET /balances). */
  balance?: ReactNode;
}

/**
 * A friend of the list, the whole row a link to their page: named by the person's name, described by the lines under
 * it (online or their email, and what is owed either way).
 */
export function FriendRow({ friend, balance }: FriendRowProps) {
  const t = useT();
  const nameId = useId();
  const detailId = useId();
  const name = personName(friend);
  return (
    <li>
      <Link
        to={`/friends/${friend.id}`}
        state={{ from: '/friends' }}
        aria-labelledby={nameId}
        aria-describedby={detailId}
        className="flex min-h-11 items-center gap-3 px-4 py-3 transition hover:bg-brand-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 active:bg-brand-50 dark:hover:bg-brand-950/40 dark:focus-visible:outline-brand-400 dark:active:bg-brand-950/40"
      >
        <Avatar
          username={friend.username}
          displayName={friend.displayName}
          pictureUrl={friend.pictureUrl}
          online={friend.isOnline}
        />
        <span className="flex min-w-0 flex-1 flex-col">
          <span id={nameId} className="truncate font-medium text-slate-900">
            {name}
          </span>
          <span id={detailId} className="flex min-w-0 flex-col">
            {friend.isOnline ? (
              <span className="text-sm font-medium text-emerald-700 dark:text-emerald-300">
                {t('friends.list.online')}
              </span>
            ) : (
              friend.email && <span className="truncate text-sm text-slate-600">{friend.email}</span>
            )}
            {balance}
          </span>
        </span>
        <ChevronRightIcon aria-hidden="true" className="size-5 shrink-0 text-slate-400" />
      </Link>
    </li>
  );
}
