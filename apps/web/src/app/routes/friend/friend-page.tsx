import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { UserMinusIcon } from '@heroicons/react/24/outline';
import type { FriendDetail } from '@outing/contract';
import { Avatar } from '@/components/avatar';
import { EmptyState, ErrorState, LoadingState } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { isApiError } from '@/lib/api-error';
import { dateTimeFormat } from '@/lib/i18n/format';
import { useT } from '@/lib/i18n/use-t';
import { personName } from '@/lib/person-name';
import { useFriend } from '@/features/friends/api/get-friend';
import { FriendBalance } from './friend-balance';
import { RemoveFriend } from '@/features/friends/components/remove-friend';
import { SharedRooms } from '@/features/friends/components/shared-rooms';

/** The page's document title while it is shown; the previous one comes back after. */
function useDocumentTitle(title: string | null) {
  useEffect(() => {
    if (title === null) return;
    const before = document.title;
    document.title = title;
    return () => {
      document.title = before;
    };
  }, [title]);
}

/** "14 Mar 2025" in the user's zone and locale. */
const sinceDate = (iso: string) =>
  dateTimeFormat({ day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(iso));

function FriendHeader({ detail, name }: { detail: FriendDetail; name: string }) {
  const t = useT();
  const { user, since } = detail;
  return (
    <div className="flex flex-col items-center gap-2 text-center">
      <Avatar
        username={user.username}
        displayName={user.displayName}
        pictureUrl={user.pictureUrl}
        size="lg"
        online={user.isOnline}
      />
      <p className="text-xl font-semibold break-words text-slate-900">{name}</p>
      {name !== user.username && <p className="text-sm text-slate-600">@{user.username}</p>}
      <p className="text-sm text-slate-600">
        {user.isOnline && (
          <span className="font-medium text-emerald-700 dark:text-emerald-300">
            {t('friends.list.online')}
          </span>
        )}
        {user.isOnline && since && <span aria-hidden="true"> · </span>}
        {since && <span>{t('friends.page.since', { date: sinceDate(since) })}</span>}
      </p>
    </div>
  );
}

/**
 * A friend (issue 37 item 4), composing the friends and balances features: who they are, your balance with them per currency (Settle up where you owe), the
 * rooms you share (upcoming, then past), and Remove friend.
 */
export default function FriendPage() {
  const t = useT();
  const friendId = Number(useParams().friendId);
  const friend = useFriend(friendId);
  const name = friend.data ? personName(friend.data.user) : null;
  useDocumentTitle(name && t('friends.page.documentTitle', { name }));

  let body;
  const missing =
    !Number.isInteger(friendId) || friendId <= 0 || (isApiError(friend.error) && friend.error.status === 404);
  if (missing) {
    body = (
      <EmptyState icon={UserMinusIcon} title={t('friends.page.notFoundTitle')}>
        <p>{t('friends.page.notFoundBody')}</p>
        <Link
          to="/friends"
          className="mt-3 inline-flex min-h-11 items-center rounded-full px-4 font-semibold text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:text-brand-300 dark:ring-brand-800"
        >
          {t('friends.page.backToFriends')}
        </Link>
      </EmptyState>
    );
  } else if (friend.isPending) {
    body = <LoadingState label={t('friends.page.loading')} />;
  } else if (friend.isError && !friend.data) {
    body = <ErrorState message={t('friends.page.loadFailed')} onRetry={() => void friend.refetch()} />;
  } else {
    const detail = friend.data;
    body = (
      <>
        <FriendHeader detail={detail} name={name!} />
        <FriendBalance friendId={detail.user.id} name={name!} />
        <SharedRooms
          rooms={detail.sharedRooms}
          total={detail.numSharedRooms}
          name={name!}
          from={`/friends/${detail.user.id}`}
        />
        <RemoveFriend friend={detail.user} name={name!} />
      </>
    );
  }

  return (
    <>
      <PageHeader title={name ?? t('friends.title')} back backFallback="/friends" />
      <div className="flex flex-col gap-5 px-4 py-5">{body}</div>
    </>
  );
}
