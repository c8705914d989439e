import { GlobeAltIcon, MagnifyingGlassIcon } from '@heroicons/react/24/outline';
import type { Room } from '@outing/contract';
import { EmptyState, ErrorState, LoadingState } from '@/components/list-states';
import { useT } from '@/lib/i18n/use-t';
import { useExploreRooms } from '../api/get-public-rooms';
import { ExploreCard } from './explore-card';
import { ListMore } from '@/components/load-more';

/** Pages can overlap when rooms move between requests: each room once, in the order first seen. */
function uniqueRooms(pages: { rooms: Room[] }[]): Room[] {
  const seen = new Set<string>();
  return pages.flatMap((page) => page.rooms).filter((room) => !seen.has(room.id) && seen.add(room.id));
}

/** Upcoming public rooms for the search `q` (all of them when blank), soonest first, a page at a time. */
export function ExploreResults({ q }: { q: string }) {
  const t = useT();
  const rooms = useExploreRooms(q);
  if (rooms.isPending) return <LoadingState label={t('explore.loading')} />;
  if (rooms.isError && !rooms.data) {
    return <ErrorState message={t('explore.loadFailed')} onRetry={() => void rooms.refetch()} />;
  }
  const list = uniqueRooms(rooms.data.pages);
  if (list.length === 0) {
    return q ? (
      <EmptyState icon={MagnifyingGlassIcon} title={t('explore.noMatch', { q })}>
        {t('explore.noMatchHint')}
      </EmptyState>
    ) : (
      <EmptyState icon={GlobeAltIcon} title={t('explore.empty')}>
        {t('explore.emptyHint')}
      </EmptyState>
    );
  }
  return (
    <>
      <ul aria-label={t('explore.list')} className="flex flex-col gap-4">
        {list.map((room) => (
          <ExploreCard key={room.id} room={room} />
        ))}
      </ul>
      <ListMore
        list={rooms}
        loadedCount={list.length}
        failedText={t('explore.loadMoreFailed')}
        className=""
      />
    </>
  );
}
