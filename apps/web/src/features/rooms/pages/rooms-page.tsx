import { useState } from 'react';
import { Link } from 'react-router';
import { PlusIcon, RectangleStackIcon } from '@heroicons/react/24/outline';
import { PageHeader } from '@/components/page-header';
import { EmptyState, ErrorState, LoadingState } from '@/components/list-states';
import { SearchBox } from '@/components/search-box';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useT } from '@/lib/i18n/use-t';
import { ListMore } from '@/components/load-more';
import { flattenPages } from '@/lib/cursor-pages';
import { useRooms } from '../api/get-rooms';
import { RoomLinkRow } from '../components/room-row';

/** docs/product.md#rooms, #constants: the room list is filtered 300 ms after typing stops. */
export const ROOM_SEARCH_DEBOUNCE_MS = 300;

/** Case-insensitive name prefix (docs/product.md#rooms). */
export function matchesPrefix(name: string, query: string): boolean {
  return name.toLocaleLowerCase().startsWith(query.toLocaleLowerCase());
}

function RoomList({ query }: { query: string }) {
  const t = useT();
  const rooms = useRooms();

  if (rooms.isPending) return <LoadingState label={t('rooms.list.loading')} />;
  if (rooms.isError && !rooms.data) {
    return <ErrorState message={t('rooms.list.failed')} onRetry={() => void rooms.refetch()} />;
  }
  const all = flattenPages(rooms.data);
  if (all.length === 0) {
    return (
      <EmptyState icon={RectangleStackIcon} title={t('rooms.noRooms')}>
        <Link
          to="/rooms/create"
          state={{ from: '/rooms' }}
          className="mt-1 inline-flex min-h-11 items-center gap-1.5 rounded-full bg-brand-600 px-5 font-semibold text-white transition hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400"
        >
          <PlusIcon aria-hidden="true" className="size-5" />
          {t('rooms.list.create')}
        </Link>
      </EmptyState>
    );
  }
  // The search filters the rooms loaded so far; while more pages exist the end of the list keeps loading them
  // (a short filtered list leaves the sentinel in view), so "no match" is only said once every page is in.
  const shown = all.filter((room) => matchesPrefix(room.name, query));
  const more = <ListMore list={rooms} loadedCount={all.length} failedText={t('rooms.list.loadMoreFailed')} />;
  if (shown.length === 0) {
    return rooms.hasNextPage ? (
      more
    ) : (
      <p
        role="status"
        className="rounded-2xl bg-surface px-6 py-10 text-center text-sm text-slate-700 ring-1 ring-slate-200"
      >
        {t('rooms.list.noMatch', { query })}
      </p>
    );
  }
  return (
    <>
      <ul
        aria-label={t('rooms.list.label')}
        className="divide-y divide-slate-100 overflow-hidden rounded-2xl bg-surface shadow-sm ring-1 ring-slate-200"
      >
        {shown.map((room) => (
          <RoomLinkRow key={room.id} room={room} from="/rooms" />
        ))}
      </ul>
      {more}
    </>
  );
}

export default function RoomsPage() {
  const t = useT();
  const [text, setText] = useState('');
  const query = useDebouncedValue(text.trim(), ROOM_SEARCH_DEBOUNCE_MS);

  return (
    <>
      <PageHeader
        title={t('rooms.list.title')}
        back
        actions={
          <Link
            to="/rooms/create"
            state={{ from: '/rooms' }}
            aria-label={t('rooms.list.create')}
            className="inline-flex size-11 items-center justify-center rounded-full text-slate-700 transition hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400 active:bg-slate-200"
          >
            <PlusIcon aria-hidden="true" className="size-6" />
          </Link>
        }
      />
      <div className="flex flex-col gap-4 px-4 py-5">
        <SearchBox
          label={t('rooms.list.search')}
          placeholder={t('rooms.list.searchPlaceholder')}
          value={text}
          onChange={setText}
        />
        <RoomList query={query} />
      </div>
    </>
  );
}
