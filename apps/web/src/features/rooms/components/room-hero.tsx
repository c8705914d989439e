import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PencilSquareIcon } from '@heroicons/react/24/outline';
import type { Room } from '@outing/contract';
import { BackButton } from '@/components/back-button';
import { useT } from '@/lib/i18n/use-t';
import { ROOM_HERO_SIZES } from '@/entities/room/room-image-sources';
import { RoomImage } from '@/entities/room/room-image';

/**
 * The room's picture with its name over it (white text on the image's dark lower band), back, edit and `menu` (the
 * plan's More menu: add to calendar, share).
 */
export function RoomHero({
  room,
  canEdit,
  menu,
  back = true,
}: {
  room: Room;
  canEdit: boolean;
  menu?: ReactNode;
  /** False where there is nowhere to go back to (a guest's one room, docs/guests.md). */
  back?: boolean;
}) {
  const t = useT();
  return (
    <header className="relative isolate">
      <RoomImage
        src={room.imageUrl}
        pictureUrl={room.pictureUrl}
        className="aspect-[16/9] max-h-64 w-full"
        sizes={ROOM_HERO_SIZES}
        priority
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-gradient-to-t from-ink/80 via-ink/20 to-ink/30"
      />
      <div className="absolute inset-x-0 top-0 flex items-center justify-between p-2 pt-[max(0.5rem,env(safe-area-inset-top))]">
        {back ? (
          <span className="rounded-full bg-surface/90 shadow-sm backdrop-blur">
            <BackButton />
          </span>
        ) : (
          <span />
        )}
        <span className="flex items-center gap-2">
          {canEdit && (
            <Link
              to={`/room/${room.id}/edit`}
              state={{ room, from: `/room/${room.id}` }}
              aria-label={t('rooms.room.edit')}
              className="inline-flex size-11 items-center justify-center rounded-full bg-surface/90 text-slate-800 shadow-sm backdrop-blur transition hover:bg-surface focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
            >
              <PencilSquareIcon aria-hidden="true" className="size-6" />
            </Link>
          )}
          {menu}
        </span>
      </div>
      <h1 className="absolute inset-x-0 bottom-0 px-4 pb-4 text-2xl leading-tight font-bold break-words text-white drop-shadow-md">
        {room.name}
      </h1>
    </header>
  );
}
