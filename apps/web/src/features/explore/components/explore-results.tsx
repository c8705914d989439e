import { GlobeAltIcon, MagnifyingGlassIcon } from '@heroicons/react/24/outline';
import type { Room } from '@outing/contract';
import { EmptyState, ErrorState, LoadingState } from '../../../components/list-states';
import { useExploreRooms } from '../../rooms/api/get-public-rooms';
import { ExploreCard } from './explore-card';
import { LoadMore } from './load-more';

/** Pages can overlap when rooms move between requests: each room once, in the order first seen. */
function uniqueRooms(pages: { rooms: Room[] }[]): Room[] {
  const seen = new Set<string>();
  return pages.flatMap((page) => page.rooms).filter((room) => !seen.has(room.id) && seen.add(room.id));
}

/** Upcoming public rooms for the search `q` (all of them when blank), soonest first, a page at a time. */
export function ExploreResults({ q }: { q: string }) {
  const rooms = useExploreRooms(q);
  if (rooms.isPending) return <LoadingState label="Loading public outings" />;
  if (rooms.isError && !rooms.data) {
    return <ErrorState message="Could not load public outings." onRetry={() => void rooms.refetch()} />;
  }
  const list = uniqueRooms(rooms.data.pages);
  if (list.length === 0) {
    return q ? (
      <EmptyState icon={MagnifyingGlassIcon} title={`Nothing matches “${q}”`}>
        Try another name or venue.
      </EmptyState>
    ) : (
      <EmptyState icon={GlobeAltIcon} title="No upcoming public outings yet">
        When someone makes an outing public, it shows up here.
      </EmptyState>
    );
  }
  return (
    <>
      <ul aria-label="Public outings" className="flex flex-col gap-4">
        {list.map((room) => (
          <ExploreCard key={room.id} room={room} />
        ))}
      </ul>
      {rooms.hasNextPage && (
        <LoadMore
          busy={rooms.isFetchingNextPage}
          failed={rooms.isFetchNextPageError}
          onLoadMore={() => void rooms.fetchNextPage()}
        />
      )}
    </>
  );
}
