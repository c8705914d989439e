import type { ReactNode } from 'react';
import { UsersIcon } from '@heroicons/react/24/outline';
import { useT } from '@/lib/i18n/use-t';
import { useFriends } from '../api/get-friends';
import { useFriendsCount } from '../api/get-friends-count';
import { flattenPages } from '@/lib/cursor-pages';
import { ListMore } from '@/components/load-more';
import { FriendRow } from './friend-row';
import { EmptyState, ErrorState, LoadingState } from '@/components/list-states';

/**
 * The friends list, a page at a time (the next as its end scrolls into view); each row opens the friend's page
 * (where they can be removed) and, when `balanceOf` is given, what is owed either way with each.
 */
export function FriendList({ balanceOf }: { balanceOf?: (friendId: number) => ReactNode }) {
  const t = useT();
  const friends = useFriends();
  const count = useFriendsCount();

  if (friends.isPending) return <LoadingState label={t('friends.list.loading')} />;
  if (friends.isError && !friends.data) {
    return <ErrorState message={t('friends.list.loadFailed')} onRetry={() => void friends.refetch()} />;
  }
  const list = flattenPages(friends.data);
  if (list.length === 0) {
    return (
      <EmptyState icon={UsersIcon} title={t('friends.list.empty')}>
        {t('friends.list.emptyHint')}
      </EmptyState>
    );
  }

  return (
    <section aria-labelledby="friends-heading">
      <h2 id="friends-heading" className="mb-2 px-1 text-sm font-semibold text-slate-600">
        {t('friends.list.heading', { count: count.data ?? list.length })}
      </h2>
      <ul className="divide-y divide-slate-100 overflow-hidden rounded-2xl bg-surface shadow-sm ring-1 ring-slate-200">
        {list.map((friend) => (
          <FriendRow key={friend.id} friend={friend} balance={balanceOf?.(friend.id)} />
        ))}
      </ul>
      <ListMore list={friends} loadedCount={list.length} failedText={t('friends.list.loadMoreFailed')} />
    </section>
  );
}
