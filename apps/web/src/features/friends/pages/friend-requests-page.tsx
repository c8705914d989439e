import { InboxIcon } from '@heroicons/react/24/outline';
import { PageHeader } from '../../../components/page-header';
import { usePendingFriendRequests } from '../api/get-friend-requests';
import { FriendRequestRow } from '../components/friend-request-row';
import { EmptyState, ErrorState, LoadingState } from '../../../components/list-states';
import { useT } from '../../../i18n/use-t';

function PendingRequests() {
  const t = useT();
  const requests = usePendingFriendRequests();

  if (requests.isPending) return <LoadingState label={t('friends.requests.loading')} />;
  if (requests.isError) {
    return <ErrorState message={t('friends.requests.loadFailed')} onRetry={() => void requests.refetch()} />;
  }
  if (requests.data.length === 0) {
    return (
      <EmptyState icon={InboxIcon} title={t('friends.requests.empty')}>
        {t('friends.requests.emptyHint')}
      </EmptyState>
    );
  }
  return (
    <ul
      aria-label={t('friends.requests.list')}
      className="divide-y divide-slate-100 overflow-hidden rounded-2xl bg-surface shadow-sm ring-1 ring-slate-200"
    >
      {requests.data.map((request) => (
        <FriendRequestRow key={request.id} request={request} />
      ))}
    </ul>
  );
}

export default function FriendRequestsPage() {
  const t = useT();
  return (
    <>
      <PageHeader title={t('friends.requestsTitle')} back />
      <div className="px-4 py-5">
        <PendingRequests />
      </div>
    </>
  );
}
