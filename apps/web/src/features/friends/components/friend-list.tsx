import { useRef, useState } from 'react';
import { UsersIcon } from '@heroicons/react/24/outline';
import type { Friend } from '@outing/contract';
import { useToast } from '../../../hooks/use-toast';
import { useFriends } from '../api/get-friends';
import { useRemoveFriend } from '../api/remove-friend';
import { friendActionErrorMessage } from '../messages';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FriendRow } from './friend-row';
import { EmptyState, ErrorState, LoadingState } from '../../../components/list-states';

/** The friends list; a friend is removed after confirmation, and leaves the list only once the server agrees. */
export function FriendList() {
  const friends = useFriends();
  const remove = useRemoveFriend();
  const toast = useToast();
  const [confirming, setConfirming] = useState<Friend | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  if (friends.isPending) return <LoadingState label="Loading friends" />;
  if (friends.isError) {
    return <ErrorState message="Could not load your friends." onRetry={() => void friends.refetch()} />;
  }
  if (friends.data.length === 0) {
    return (
      <EmptyState icon={UsersIcon} title="No friends yet">
        Add friends to invite them to your outings.
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
        Your friends ({friends.data.length})
      </h2>
      <ul className="divide-y divide-slate-100 overflow-hidden rounded-2xl bg-surface shadow-sm ring-1 ring-slate-200">
        {friends.data.map((friend) => (
          <FriendRow key={friend.id} friend={friend} onRemove={setConfirming} />
        ))}
      </ul>
      {confirming && (
        <ConfirmDialog
          title={`Remove ${confirming.username}?`}
          description={`${confirming.username} will no longer be your friend. You can send a new request later.`}
          confirmLabel="Remove"
          busy={remove.isPending}
          onConfirm={() => confirmRemoval(confirming)}
          onCancel={() => setConfirming(null)}
          fallbackFocusRef={headingRef}
        />
      )}
    </section>
  );
}
