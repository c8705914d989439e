import { Link } from 'react-router';
import { UserPlusIcon } from '@heroicons/react/24/outline';
import { useT } from '@/lib/i18n/use-t';
import { usePendingFriendRequestCount } from '../api/get-friend-request-count';

/** A link to /friends/requests (a person-plus, not a bell: the bell is the Notifications tab) with a red badge of the pending count, hidden at 0. */
export function FriendRequestsBell() {
  const t = useT();
  const { data: count = 0 } = usePendingFriendRequestCount();
  return (
    <Link
      to="/friends/requests"
      state={{ from: '/friends' }}
      className="relative inline-flex size-11 items-center justify-center rounded-full text-slate-700 transition hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400 active:bg-slate-200"
    >
      <UserPlusIcon aria-hidden="true" data-icon="user-plus" className="size-6" />
      <span className="sr-only">{t('friends.bell', { count })}</span>
      {count > 0 && (
        <span
          data-testid="friend-requests-badge"
          className="absolute top-0.5 right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-xs font-semibold text-white ring-2 ring-surface"
        >
          <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
        </span>
      )}
    </Link>
  );
}
