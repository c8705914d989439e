import { useRef, useState } from 'react';
import { UsersIcon } from '@heroicons/react/24/outline';
import type { Friend } from '@outing/contract';
import { useToast } from '@/hooks/use-toast';
import { useT } from '@/lib/i18n/use-t';
import { useFriends } from '../api/get-friends';
import { useFriendsCount } from '../api/get-friends-count';
import { flattenPages } from '@/lib/cursor-pages';
import { ListMore } from '@/components/load-more';
import { useRemoveFriend } from '../api/remove-friend';
import { friendActionErrorMessage } from '../messages';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FriendRow } from './friend-row';
import { EmptyState, ErrorState, LoadingState } from '@/components/list-states';

/** The friends list, a page at a time (the next as its end scrolls into view); a friend is removed after confirmation, and leaves the list only once the server agrees. */
export function FriendList() {
  const t = useT();
  const friends = useFriends();
  const count = useFriendsCount();
  const remove = useRemoveFriend();
  const toast = useToast();
  const [confirming, setConfirming] = useState<Friend | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

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

  const confirmRemoval = (friend: Friend) =>
    remove.mutate(friend, {
      onSuccess: () => setConfirming(null),
      onError: (error) => {
        setConfirming(null);
        toast.error(friendActionErrorMessage(error));
      },
    });

  return (
    <section aria-labelledby="friends-heading">
      <h2
        id="friends-heading"
        ref={headingRef}
        tabIndex={-1}
        className="mb-2 px-1 text-sm font-semibold text-slate-600 outline-none"
      >
        {t('friends.list.heading', { count: count.data ?? list.length })}
      </h2>
      <ul className="divide-y divide-slate-100 overflow-hidden rounded-2xl bg-surface shadow-sm ring-1 ring-slate-200">
        {list.map((friend) => (
          <FriendRow key={friend.id} friend={friend} onRemove={setConfirming} />
        ))}
      </ul>
      <ListMore list={friends} loadedCount={list.length} failedText={t('friends.list.loadMoreFailed')} />
      {confirming && (
        <ConfirmDialog
          title={t('friends.remove.title', { name: confirming.username })}
          description={t('friends.remove.description', { name: confirming.username })}
          confirmLabel={t('friends.remove.button')}
          busy={remove.isPending}
          onConfirm={() => confirmRemoval(confirming)}
          onCancel={() => setConfirming(null)}
          fallbackFocusRef={headingRef}
        />
      )}
    </section>
  );
}
