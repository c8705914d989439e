import { CheckIcon, XMarkIcon } from '@heroicons/react/24/outline';
import type { FriendRequest } from '@outing/contract';
import { ButtonSpinner } from '@/components/form/submit-button';
import { useToast } from '@/hooks/use-toast';
import { useRespondToFriendRequest, type FriendRequestAction } from '../api/respond-to-friend-request';
import { friendActionErrorMessage } from '../messages';
import { Avatar } from '@/components/avatar';
import { dateTimeFormat } from '@/lib/i18n/format';
import { useI18n } from '@/lib/i18n/use-t';
import { personName } from '@/lib/person-name';

/** "22 Nov", or "22 Nov 2025" in another year (en-GB; "11月22日" in Chinese). */
function formatSentAt(iso: string, now = new Date()): string {
  const date = new Date(iso);
  const sameYear = date.getFullYear() === now.getFullYear();
  return dateTimeFormat({ day: 'numeric', month: 'short', ...(sameYear ? {} : { year: 'numeric' }) }).format(
    date,
  );
}

const iconButton =
  'inline-flex size-11 shrink-0 items-center justify-center rounded-full transition focus-visible:outline-2 focus-visible:outline-offset-2 aria-disabled:cursor-not-allowed aria-disabled:opacity-60';

/** A pending request with accept and reject icons; once answered the row leaves the list (by the cache). */
export function FriendRequestRow({ request }: { request: FriendRequest }) {
  const { t, tRich } = useI18n();
  const respond = useRespondToFriendRequest();
  const toast = useToast();
  const { username, pictureUrl } = request.sender;
  const name = personName(request.sender);
  const busyWith = respond.isPending ? respond.variables.action : null;

  const answer = (action: FriendRequestAction) => {
    if (respond.isPending) return;
    respond.mutate({ request, action }, { onError: (error) => toast.error(friendActionErrorMessage(error)) });
  };

  return (
    <li className="flex items-center gap-3 px-4 py-3">
      <Avatar username={username} displayName={request.sender.displayName} pictureUrl={pictureUrl} />
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-slate-900">{name}</p>
        <p className="truncate text-sm text-slate-600">
          {tRich('friends.request.sent', {
            date: formatSentAt(request.sentAt),
            when: (chunks) => (
              <time key="when" dateTime={request.sentAt}>
                {chunks}
              </time>
            ),
          })}
        </p>
      </div>
      <div className="flex shrink-0 gap-2">
        <button
          type="button"
          onClick={() => answer('reject')}
          aria-label={t('friends.request.reject', { name })}
          aria-disabled={respond.isPending}
          aria-busy={busyWith === 'reject'}
          className={`${iconButton} bg-surface text-red-700 dark:text-red-300 ring-1 ring-red-200 dark:ring-red-800 hover:bg-red-50 dark:hover:bg-red-950/40 focus-visible:outline-red-700 dark:focus-visible:outline-red-400`}
        >
          {busyWith === 'reject' ? (
            <ButtonSpinner className="text-red-700 dark:text-red-300" />
          ) : (
            <XMarkIcon aria-hidden="true" className="size-6" />
          )}
        </button>
        <button
          type="button"
          onClick={() => answer('accept')}
          aria-label={t('friends.request.accept', { name })}
          aria-disabled={respond.isPending}
          aria-busy={busyWith === 'accept'}
          className={`${iconButton} bg-emerald-700 text-white hover:bg-emerald-800 focus-visible:outline-emerald-700 dark:focus-visible:outline-emerald-400`}
        >
          {busyWith === 'accept' ? <ButtonSpinner /> : <CheckIcon aria-hidden="true" className="size-6" />}
        </button>
      </div>
    </li>
  );
}
