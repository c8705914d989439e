import { ClockIcon, UserPlusIcon } from '@heroicons/react/20/solid';
import type { UserSearchResult } from '@outing/contract';
import { ButtonSpinner } from '@/components/form/submit-button';
import { useToast } from '@/hooks/use-toast';
import { useT } from '@/lib/i18n/use-t';
import { useSendFriendRequest } from '../api/send-friend-request';
import { friendActionErrorMessage } from '../messages';
import { Avatar } from '@/components/avatar';
import { personName } from '@/lib/person-name';

/** A person found by the search: "Add" sends a friend request; once one is pending the row says so. */
export function SearchResultRow({ result }: { result: UserSearchResult }) {
  const t = useT();
  const send = useSendFriendRequest();
  const toast = useToast();
  const name = personName(result);
  // A display name is not unique: the username under it (and in the button's name) tells who is who.
  const shownApart = name !== result.username;

  return (
    <li className="flex items-center gap-3 py-2.5">
      <Avatar
        username={result.username}
        displayName={result.displayName}
        pictureUrl={result.pictureUrl}
        size="sm"
      />
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-slate-900">{name}</p>
        {shownApart && <p className="truncate text-sm text-slate-600">@{result.username}</p>}
      </div>
      {result.requestPending ? (
        <span className="inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-full bg-slate-100 px-4 text-sm font-semibold text-slate-700">
          <ClockIcon aria-hidden="true" className="size-4" />
          {t('friends.search.pending')}
        </span>
      ) : (
        <button
          type="button"
          aria-label={t('friends.search.addLabel', {
            name: shownApart ? `${name} (@${result.username})` : name,
          })}
          aria-busy={send.isPending}
          aria-disabled={send.isPending}
          onClick={() => {
            if (send.isPending) return;
            send.mutate(result.id, { onError: (error) => toast.error(friendActionErrorMessage(error)) });
          }}
          className="inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-full bg-brand-600 px-4 text-sm font-semibold text-white transition hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400 active:bg-brand-800 aria-disabled:cursor-not-allowed aria-disabled:bg-brand-600/80"
        >
          {send.isPending ? (
            <ButtonSpinner className="size-4 text-white" />
          ) : (
            <UserPlusIcon aria-hidden="true" className="size-4" />
          )}
          {t('friends.search.add')}
        </button>
      )}
    </li>
  );
}
