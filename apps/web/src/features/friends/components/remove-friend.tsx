import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { UserMinusIcon } from '@heroicons/react/24/outline';
import type { Friend } from '@outing/contract';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useAuth } from '@/hooks/use-auth';
import { useToast } from '@/hooks/use-toast';
import { useT } from '@/lib/i18n/use-t';
import { friendDetailKey } from '../api/get-friend';
import { useRemoveFriend } from '../api/remove-friend';
import { friendActionErrorMessage } from '../messages';

/**
 * Remove friend, after confirmation: the friend leaves the list only once the server agrees, then the Friends list
 * is shown again; a failure says why and keeps the page.
 */
export function RemoveFriend({ friend, name }: { friend: Friend; name: string }) {
  const t = useT();
  const { user } = useAuth();
  const remove = useRemoveFriend();
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  const confirm = () =>
    remove.mutate(friend, {
      onSuccess: () => {
        setConfirming(false);
        toast.success(t('friends.page.removed', { name }));
        void navigate('/friends', { replace: true });
        queryClient.removeQueries({ queryKey: friendDetailKey(user.id, friend.id) });
      },
      onError: (error) => {
        setConfirming(false);
        toast.error(friendActionErrorMessage(error));
      },
    });

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        onClick={() => setConfirming(true)}
        aria-haspopup="dialog"
        className="inline-flex min-h-11 items-center justify-center gap-2 self-center rounded-full px-5 text-sm font-semibold text-red-700 ring-1 ring-red-200 transition hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 active:bg-red-100 dark:text-red-300 dark:ring-red-800 dark:hover:bg-red-950/40 dark:focus-visible:outline-red-400 dark:active:bg-red-950/40"
      >
        <UserMinusIcon aria-hidden="true" className="size-5" />
        {t('friends.page.removeFriend')}
      </button>
      {confirming && (
        <ConfirmDialog
          title={t('friends.remove.title', { name })}
          description={t('friends.remove.description', { name })}
          confirmLabel={t('friends.remove.button')}
          busy={remove.isPending}
          onConfirm={confirm}
          onCancel={() => setConfirming(false)}
          fallbackFocusRef={buttonRef}
        />
      )}
    </>
  );
}
