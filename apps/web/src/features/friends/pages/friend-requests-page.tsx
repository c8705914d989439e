import { InboxIcon } from '@heroicons/react/24/outline';
import { PageHeader } from '../../../components/page-header';
import { usePendingFriendRequests } from '../api/get-friend-requests';
import { FriendRequestRow } from '../components/friend-request-row';
import { EmptyState, ErrorState, LoadingState } from '../../../components/list-states';

function PendingRequests() {
  const requests = usePendingFriendRequests();

  if (requests.isPending) return <LoadingState label="Loading friend requests" />;
  if (requests.isError) {
    return (
      <ErrorState message="Could not load your friend requests." onRetry={() => void requests.refetch()} />
    );
  }
  if (requests.data.length === 0) {
    return (
      <EmptyState icon={InboxIcon} title="No pending friend requests">
        When someone asks to be your friend, you will find it here.
      </EmptyState>
    );
  }
  return (
    <ul
      aria-label="Pending friend requests"
      className="divide-y divide-slate-100 overflow-hidden rounded-2xl bg-surface shadow-sm ring-1 ring-slate-200"
    >
      {requests.data.map((request) => (
        <FriendRequestRow key={request.id} request={request} />
      ))}
    </ul>
  );
}

export default function FriendRequestsPage() {
  return (
    <>
      <PageHeader title="Friend Requests" back />
      <div className="px-4 py-5">
        <PendingRequests />
      </div>
    </>
  );
}
