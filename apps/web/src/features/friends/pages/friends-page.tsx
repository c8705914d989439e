import { useState, type ReactNode } from 'react';
import { UserPlusIcon } from '@heroicons/react/24/outline';
import { PageHeader } from '@/components/page-header';
import { useT } from '@/lib/i18n/use-t';
import { AddFriendDialog } from '../components/add-friend-dialog';
import { FriendList } from '../components/friend-list';
import { FriendRequestsBell } from '../components/friend-requests-bell';
import { InviteFriend } from '@/features/invites/components/invite-friend';

/** The Friends tab; `balanceOf` adds what is owed with each friend to their row (app/routes/friends composes it). */
export default function FriendsPage({ balanceOf }: { balanceOf?: (friendId: number) => ReactNode } = {}) {
  const t = useT();
  const [adding, setAdding] = useState(false);

  return (
    <>
      <PageHeader title={t('friends.title')} back actions={<FriendRequestsBell />} />
      <div className="flex flex-col gap-5 px-4 py-5">
        <button
          type="button"
          onClick={() => setAdding(true)}
          aria-haspopup="dialog"
          className="inline-flex h-12 w-full items-center justify-center gap-2 rounded-full bg-brand-600 px-6 text-base font-semibold text-white shadow-sm transition hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400 active:bg-brand-800"
        >
          <UserPlusIcon aria-hidden="true" className="size-5" />
          {t('friends.addFriend')}
        </button>
        <InviteFriend />
        <FriendList {...(balanceOf && { balanceOf })} />
      </div>
      {adding && <AddFriendDialog onClose={() => setAdding(false)} />}
    </>
  );
}
