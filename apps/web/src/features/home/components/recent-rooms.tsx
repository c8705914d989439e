import { Link } from 'react-router';
import { ChatBubbleLeftIcon, ChevronRightIcon, RectangleStackIcon } from '@heroicons/react/24/outline';
import type { Room } from '@outing/contract';
import { ErrorState } from '@/components/list-states';
import { useT } from '@/lib/i18n/use-t';
import { useRooms } from '@/features/rooms/api/get-rooms';
import { useRoomsUnread } from '@/features/chat/api/chat-reads';
import { HOME_TILE_SIZES } from '@/entities/room/room-image-sources';
import { RoomImage } from '@/entities/room/room-image';
import { formatRoomDateShort } from '@/entities/room/dates';
import { TbdText } from '@/entities/room/tbd-text';
import { formatClockTime } from '@/lib/i18n/format';

const track = 'flex snap-x snap-mandatory gap-3 overflow-x-auto overscroll-x-contain px-4 pb-2 scroll-px-4';
const tileWidth = 'w-[72%] max-w-64 shrink-0 snap-start';

/** `first`: the tile in view when the screen opens, whose picture is the screen's largest content. */
function RoomTile({ room, first, unread }: { room: Room; first: boolean; unread: number }) {
  const t = useT();
  return (
    <li className={`relative ${tileWidth}`}>
      <Link
        to={`/room/${room.id}`}
        state={{ from: '/' }}
        className="block overflow-hidden rounded-2xl bg-surface shadow-sm ring-1 ring-slate-200 transition hover:ring-brand-300 dark:hover:ring-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400 active:scale-[0.99]"
      >
        <RoomImage
          src={room.imageUrl}
          pictureUrl={room.pictureUrl}
          className="aspect-[16/9] w-full"
          sizes={HOME_TILE_SIZES}
          priority={first}
        />
        <span className="flex flex-col gap-0.5 px-3 py-2.5">
          <span className="truncate font-semibold text-slate-900">{room.name}</span>
          <span className="truncate text-sm text-slate-600">
            {room.dateTbd ? (
              <TbdText what="date" />
            ) : (
              <>
                <time dateTime={room.date.slice(0, 10)}>{formatRoomDateShort(room.date)}</time> ·{' '}
                {formatClockTime(room.time)}
              </>
            )}
          </span>
        </span>
        {(room.myRsvp === 'waitlisted' || room.myRsvp === 'maybe') && (
          // Not going yet (issue 37): the tile says so, as the room page does.
          <span
            data-testid="room-rsvp-pill"
            className="absolute top-2 left-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 shadow-sm ring-1 ring-amber-300 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-800"
          >
            {t(room.myRsvp === 'waitlisted' ? 'home.tile.waitlisted' : 'home.tile.maybe')}
          </span>
        )}
        {unread > 0 && (
          <span
            data-testid="room-unread-badge"
            className="absolute top-2 right-2 flex h-6 min-w-6 items-center justify-center gap-1 rounded-full bg-red-600 px-2 text-xs font-semibold text-white shadow-sm ring-2 ring-white dark:ring-slate-900"
          >
            <ChatBubbleLeftIcon aria-hidden="true" className="size-3.5" />
            <span aria-hidden="true">{unread > 99 ? '99+' : unread}</span>
            <span className="sr-only">{` ${t('rooms.actions.chatUnread', { count: unread })}`}</span>
          </span>
        )}
      </Link>
    </li>
  );
}

/** Tiles of the real ones' size (a line of each text's height under the picture): the rooms arriving move nothing. */
function Skeleton() {
  const t = useT();
  return (
    <div role="status" aria-label={t('home.loadingRooms')} className={`${track} overflow-hidden`}>
      {[0, 1].map((i) => (
        <div
          key={i}
          aria-hidden="true"
          className={`${tileWidth} overflow-hidden rounded-2xl bg-surface ring-1 ring-slate-200`}
        >
          <div className="aspect-[16/9] w-full animate-pulse bg-slate-200" />
          <div className="flex flex-col gap-0.5 px-3 py-2.5">
            <div className="flex h-6 items-center">
              <div className="h-4 w-3/4 animate-pulse rounded bg-slate-200" />
            </div>
            <div className="flex h-5 items-center">
              <div className="h-3.5 w-1/2 animate-pulse rounded bg-slate-200" />
            </div>
          </div>
        </div>
      ))}
    </div>
  );
}

/** The user's rooms, newest update first, as a horizontal scroll-snap carousel (docs/product.md#home). */
export function RecentRooms() {
  const t = useT();
  const rooms = useRooms();
  const unread = useRoomsUnread();
  const unreadOf = (roomId: string) =>
    unread.data?.find((entry) => entry.roomId.toLowerCase() === roomId.toLowerCase())?.unread ?? 0;

  // Home shows the first page only (the newest 20); "See all" opens the whole list on /rooms.
  const firstPage = rooms.data?.pages[0]?.data ?? [];
  let body;
  if (rooms.isPending) body = <Skeleton />;
  else if (rooms.isError && !rooms.data) {
    body = (
      <div className="px-4">
        <ErrorState message={t('home.roomsLoadFailed')} onRetry={() => void rooms.refetch()} />
      </div>
    );
  } else if (firstPage.length === 0) {
    body = (
      <div className="mx-4 flex flex-col items-center gap-2 rounded-2xl bg-surface px-6 py-8 text-center ring-1 ring-slate-200">
        <RectangleStackIcon aria-hidden="true" className="size-8 text-slate-400" />
        <p className="text-sm font-medium text-slate-700">{t('home.noRooms')}</p>
      </div>
    );
  } else {
    body = (
      <ul aria-label={t('home.recentRooms')} className={track}>
        {firstPage.map((room, index) => (
          <RoomTile key={room.id} room={room} first={index === 0} unread={unreadOf(room.id)} />
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="recent-rooms-heading" className="flex flex-col gap-2">
      {/* As tall as the "See all" link that comes with the rooms, so that it moves nothing when it does. */}
      <div className="flex min-h-11 items-center justify-between px-4">
        <h2 id="recent-rooms-heading" className="text-base font-semibold text-slate-900">
          {t('home.recentRooms')}
        </h2>
        {firstPage.length > 0 && (
          <Link
            to="/rooms"
            state={{ from: '/' }}
            className="-mr-2 inline-flex min-h-11 items-center gap-0.5 rounded-full px-2 text-sm font-semibold text-brand-700 dark:text-brand-300 hover:bg-brand-50 dark:hover:bg-brand-950/40 focus-visible:outline-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400"
          >
            {t('home.seeAll')}
            <ChevronRightIcon aria-hidden="true" className="size-4" />
          </Link>
        )}
      </div>
      {body}
    </section>
  );
}
