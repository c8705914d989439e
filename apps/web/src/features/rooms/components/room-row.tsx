import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ChevronRightIcon } from '@heroicons/react/20/solid';
import type { Room } from '@outing/contract';
import { formatRoomDateShort } from '@/entities/room/dates';
import { TbdText } from '@/entities/room/tbd-text';
import { formatClockTime } from '@/lib/i18n/format';
import { RoomImage } from '@/entities/room/room-image';

interface RoomSummaryProps {
  room: Room;
  /** A second line under the name, e.g. the host. */
  detail?: ReactNode;
}

/** Picture, name, date and an optional detail line. */
export function RoomSummary({ room, detail }: RoomSummaryProps) {
  return (
    <>
      <RoomImage
        src={room.imageUrl}
        pictureUrl={room.pictureUrl}
        className="h-14 w-20 shrink-0 rounded-xl"
        sizes="80px"
      />
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="truncate font-semibold text-slate-900">{room.name}</span>
        {detail && <span className="truncate text-sm text-slate-600">{detail}</span>}
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
    </>
  );
}

/** A room of the user's list: the whole row links to the room. */
export function RoomLinkRow({ room, from }: { room: Room; from: string }) {
  return (
    <li>
      <Link
        to={`/room/${room.id}`}
        state={{ from }}
        className="flex min-h-11 items-center gap-3 px-4 py-3 transition hover:bg-brand-50 dark:hover:bg-brand-950/40 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400 active:bg-brand-50 dark:active:bg-brand-950/40"
      >
        <RoomSummary room={room} detail={room.venueTbd ? <TbdText what="venue" /> : room.venue} />
        <ChevronRightIcon aria-hidden="true" className="size-5 shrink-0 text-slate-400" />
      </Link>
    </li>
  );
}
