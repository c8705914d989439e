import { ArchiveBoxIcon } from '@heroicons/react/24/outline';
import { PageHeader } from '@/components/page-header';
import { EmptyState, ErrorState, LoadingState } from '@/components/list-states';
import { useT } from '@/lib/i18n/use-t';
import { ListMore } from '@/components/load-more';
import { flattenPages } from '@/lib/cursor-pages';
import { RoomLinkRow } from '@/features/rooms/components/room-row';
import { usePastRooms } from '../api/get-past-rooms';

function PastRooms() {
  const t = useT();
  const rooms = usePastRooms();
  if (rooms.isPending) return <LoadingState label={t('balances.past.loading')} />;
  if (rooms.isError && !rooms.data) {
    return <ErrorState message={t('balances.past.loadFailed')} onRetry={() => void rooms.refetch()} />;
  }
  const list = flattenPages(rooms.data);
  if (list.length === 0) {
    return (
      <EmptyState icon={ArchiveBoxIcon} title={t('balances.past.empty')}>
        {t('balances.past.emptyBody')}
      </EmptyState>
    );
  }
  return (
    <>
      <ul
        aria-label={t('balances.past.title')}
        className="divide-y divide-slate-100 overflow-hidden rounded-2xl bg-surface shadow-sm ring-1 ring-slate-200"
      >
        {list.map((room) => (
          <RoomLinkRow key={room.id} room={room} from="/profile/past" />
        ))}
      </ul>
      <ListMore list={rooms} loadedCount={list.length} failedText={t('balances.past.loadMoreFailed')} />
    </>
  );
}

/** /profile/past: the closed rooms the user was in, most recently closed first; each opens read-only. */
export default function PastOutingsPage() {
  const t = useT();
  return (
    <>
      <PageHeader title={t('balances.past.title')} back />
      <div className="px-4 py-5">
        <PastRooms />
      </div>
    </>
  );
}
