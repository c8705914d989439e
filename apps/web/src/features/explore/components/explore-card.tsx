import { Link } from 'react-router';
import { CalendarDaysIcon, MapPinIcon, UsersIcon } from '@heroicons/react/20/solid';
import type { Room } from '@outing/contract';
import { useT } from '@/lib/i18n/use-t';
import { RoomImage } from '@/entities/room/room-image';
import { formatStart, startDateTime } from '@/entities/room/start-time';
import { TbdText } from '@/entities/room/tbd-text';
import { goingLabel, isFull } from '@/entities/room/capacity';

const CARD_SIZES = '(min-width: 480px) 448px, calc(100vw - 32px)';

/** An upcoming public room: the whole card opens its preview, where the visitor decides to join. */
export function ExploreCard({ room }: { room: Room }) {
  const t = useT();
  const full = isFull(room.goingCount, room.capacity);
  return (
    <li>
      <Link
        to={`/room/${room.id}/preview`}
        state={{ from: '/explore' }}
        className="block overflow-hidden rounded-2xl bg-surface shadow-sm ring-1 ring-slate-200 transition hover:ring-brand-300 dark:hover:ring-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400 active:bg-brand-50 dark:active:bg-brand-950/40"
      >
        <RoomImage
          src={room.imageUrl}
          pictureUrl={room.pictureUrl}
          className="aspect-[3/1] w-full"
          sizes={CARD_SIZES}
        />
        <span className="flex flex-col gap-1 px-4 pt-3 pb-4">
          <span className="text-lg leading-snug font-semibold break-words text-slate-900">{room.name}</span>
          <span className="flex items-center gap-2 text-sm text-slate-700">
            <CalendarDaysIcon
              aria-hidden="true"
              className="size-4 shrink-0 text-brand-700 dark:text-brand-300"
            />
            {room.dateTbd ? (
              <TbdText what="date" />
            ) : (
              <time dateTime={startDateTime(room.startsAt)}>{formatStart(room.startsAt)}</time>
            )}
          </span>
          <span className="flex items-center gap-2 text-sm text-slate-700">
            <MapPinIcon aria-hidden="true" className="size-4 shrink-0 text-brand-700 dark:text-brand-300" />
            {room.venueTbd ? <TbdText what="venue" /> : <span className="truncate">{room.venue}</span>}
          </span>
          <span className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
            <UsersIcon aria-hidden="true" className="size-4 shrink-0 text-brand-700 dark:text-brand-300" />
            <span>{goingLabel(room.goingCount, room.capacity)}</span>
            {full && (
              <span className="rounded-full bg-amber-50 dark:bg-amber-950/40 px-2 py-0.5 text-xs font-semibold text-amber-800 dark:text-amber-300">
                {t('explore.full')}
              </span>
            )}
          </span>
        </span>
      </Link>
    </li>
  );
}
