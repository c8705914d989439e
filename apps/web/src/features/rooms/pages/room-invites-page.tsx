import { EnvelopeOpenIcon, GlobeEuropeAfricaIcon } from '@heroicons/react/24/outline';
import { PageHeader } from '../../../components/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../../components/list-states';
import { useInvites } from '../api/get-invites';
import { usePublicRooms } from '../api/get-public-rooms';
import { InviteRow } from '../components/invite-row';
import { PublicRoomRow } from '../components/public-room-row';

const listClass =
  'divide-y divide-slate-100 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200';

function PendingInvites() {
  const invites = useInvites();
  if (invites.isPending) return <LoadingState label="Loading invites" />;
  if (invites.isError) {
    return <ErrorState message="Could not load your invites." onRetry={() => void invites.refetch()} />;
  }
  if (invites.data.length === 0) {
    return (
      <EmptyState icon={EnvelopeOpenIcon} title="No pending invites">
        When a friend invites you to a room, it shows up here.
      </EmptyState>
    );
  }
  return (
    <ul aria-label="Pending invites" className={listClass}>
      {invites.data.map((invite) => (
        <InviteRow key={invite.id} invite={invite} />
      ))}
    </ul>
  );
}

function ExploreMore() {
  const rooms = usePublicRooms();
  if (rooms.isPending) return <LoadingState label="Loading public rooms" />;
  if (rooms.isError) {
    return <ErrorState message="Could not load public rooms." onRetry={() => void rooms.refetch()} />;
  }
  if (rooms.data.length === 0) {
    return (
      <EmptyState icon={GlobeEuropeAfricaIcon} title="No public rooms right now">
        Create one and let others join!
      </EmptyState>
    );
  }
  return (
    <ul aria-label="Public rooms" className={listClass}>
      {rooms.data.map((room) => (
        <PublicRoomRow key={room.id} room={room} />
      ))}
    </ul>
  );
}

export default function RoomInvitesPage() {
  return (
    <>
      <PageHeader title="Room Invites" back />
      <div className="flex flex-col gap-6 px-4 py-5">
        <section aria-labelledby="invites-heading">
          <h2 id="invites-heading" className="mb-2 px-1 text-base font-semibold text-slate-900">
            Invites
          </h2>
          <PendingInvites />
        </section>
        <section aria-labelledby="explore-heading">
          <h2 id="explore-heading" className="mb-2 px-1 text-base font-semibold text-slate-900">
            Explore More
          </h2>
          <ExploreMore />
        </section>
      </div>
    </>
  );
}
