import { InboxIcon } from '@heroicons/react/24/outline';
import { PageHeader } from '@/components/page-header';
import { usePendingFriendRequests } from '../api/get-friend-requests';
import { FriendRequestRow } from '../components/friend-request-row';
import { EmptyState, ErrorState, LoadingState } from '@/components/list-states';
import { useT } from '@/lib/i18n/use-t';
import { ListMore } from '@/components/load-more';
import { flattenPages } from '@/lib/cursor-pages';

function PendingRequests() {
  const t = useT();
  const requests = usePendingFriendRequests();

  if (requests.isPending) return <LoadingState label={t('friends.requests.loading')} />;
  if (requests.isError && !requests.data) {
    return <ErrorState message={t('friends.requests.loadFailed')} onRetry={() => void requests.refetch()} />;
  }
  const list = flattenPages(requests.data);
  if (list.length === 0) {
    return (
      <EmptyState icon={InboxIcon} title={t('friends.requests.empty')}>
        {t('friends.requests.emptyHint')}
      </EmptyState>
    );
  }
  return (
    <>
      <ul
        aria-label={t('friends.requests.list')}
        className="divide-y divide-slate-100 overflow-hidden rounded-2xl bg-surface shadow-sm ring-1 ring-slate-200"
      >
        {list.map((request) => (
          <FriendRequestRow key={request.id} request={request} />
        ))}
      </ul>
      <ListMore list={requests} loadedCount={list.length} failedText={t('friends.requests.loadMoreFailed')} />
    </>
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
