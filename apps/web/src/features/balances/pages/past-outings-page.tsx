import { ArchiveBoxIcon } from '@heroicons/react/24/outline';
import { PageHeader } from '../../../components/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../../components/list-states';
import { RoomLinkRow } from '../../rooms/components/room-row';
import { usePastRooms } from '../api/get-past-rooms';
import { NO_PAST_ROOMS, PAST_ROOMS_LOAD_FAILED } from '../messages';

function PastRooms() {
  const rooms = usePastRooms();
  if (rooms.isPending) return <LoadingState label="Loading past outings" />;
  if (rooms.isError) {
    return <ErrorState message={PAST_ROOMS_LOAD_FAILED} onRetry={() => void rooms.refetch()} />;
  }
  if (rooms.data.length === 0) {
    return (
      <EmptyState icon={ArchiveBoxIcon} title={NO_PAST_ROOMS}>
        A room shows up here once its host closes it.
      </EmptyState>
    );
  }
  return (
    <ul
      aria-label="Past outings"
      className="divide-y divide-slate-100 overflow-hidden rounded-2xl bg-surface shadow-sm ring-1 ring-slate-200"
    >
      {rooms.data.map((room) => (
        <RoomLinkRow key={room.id} room={room} from="/profile/past" />
      ))}
    </ul>
  );
}

/** /profile/past: the closed rooms the user was in, most recently closed first; each opens read-only. */
export default function PastOutingsPage() {
  return (
    <>
      <PageHeader title="Past outings" back />
      <div className="px-4 py-5">
        <PastRooms />
      </div>
    </>
  );
}
