import { Link } from 'react-router';
import { CalendarDaysIcon } from '@heroicons/react/24/outline';
import { ChevronRightIcon } from '@heroicons/react/20/solid';
import type { SharedRoom } from '@outing/contract';
import { EmptyState } from '@/components/list-states';
import { formatRoomDateShort } from '@/entities/room/dates';
import { RoomImage } from '@/entities/room/room-image';
import { TbdText } from '@/entities/room/tbd-text';
import { formatClockTime } from '@/lib/i18n/format';
import { useT } from '@/lib/i18n/use-t';

function SharedRoomRow({ room, from }: { room: SharedRoom; from: string }) {
  return (
    <li>
      <Link
        to={`/room/${room.id}`}
        state={{ from }}
        className="flex min-h-11 items-center gap-3 px-4 py-3 transition hover:bg-brand-50 dark:hover:bg-brand-950/40 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400 active:bg-brand-50 dark:active:bg-brand-950/40"
      >
        <RoomImage
          src={room.imageUrl}
          pictureUrl={room.pictureUrl}
          className="h-12 w-16 shrink-0 rounded-xl"
          sizes="64px"
        />
        <span className="flex min-w-0 flex-1 flex-col">
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
        <ChevronRightIcon aria-hidden="true" className="size-5 shrink-0 text-slate-400" />
      </Link>
    </li>
  );
}

function RoomGroup({
  id,
  title,
  rooms,
  from,
}: {
  id: string;
  title: string;
  rooms: SharedRoom[];
  from: string;
}) {
  if (rooms.length === 0) return null;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <h3 id={id} className="px-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">
        {title}
      </h3>
      <ul className="divide-y divide-slate-100 overflow-hidden rounded-2xl bg-surface shadow-sm ring-1 ring-slate-200">
        {rooms.map((room) => (
          <SharedRoomRow key={room.id} room={room} from={from} />
        ))}
      </ul>
    </section>
  );
}

/**
 * The rooms the signed-in user shares with a friend, as the server orders them: open ones (Upcoming) soonest first,
 * then closed ones (Past) latest first; each opens the room.
 */
export function SharedRooms({
  rooms,
  total,
  name,
  from,
}: {
  rooms: SharedRoom[];
  total: number;
  name: string;
  from: string;
}) {
  const t = useT();
  const upcoming = rooms.filter((r) => !r.isClosed);
  const past = rooms.filter((r) => r.isClosed);
  return (
    <section aria-labelledby="shared-rooms-heading" className="flex flex-col gap-3">
      <h2 id="shared-rooms-heading" className="px-1 text-sm font-semibold text-slate-800">
        {t('friends.page.roomsHeading')}
      </h2>
      {rooms.length === 0 ? (
        <EmptyState icon={CalendarDaysIcon} title={t('friends.page.noRooms')}>
          {t('friends.page.noRoomsHint', { name })}
        </EmptyState>
      ) : (
        <>
          <RoomGroup id="shared-upcoming" title={t('friends.page.upcoming')} rooms={upcoming} from={from} />
          <RoomGroup id="shared-past" title={t('friends.page.past')} rooms={past} from={from} />
          {total > rooms.length && (
            <p className="px-1 text-sm text-slate-600">
              {t('friends.page.someRooms', { shown: rooms.length, count: total })}
            </p>
          )}
        </>
      )}
    </section>
  );
}
