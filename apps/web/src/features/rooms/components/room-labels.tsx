import { GlobeAltIcon, LockClosedIcon } from '@heroicons/react/20/solid';
import type { Room } from '@outing/contract';
import { useT } from '@/lib/i18n/use-t';
import { isUpcoming } from '@/entities/room/dates';

const chip = 'inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-semibold';

/** 'Public event' / 'Private event' (docs/product.md#room-page). */
export function PrivacyLabel({ isPrivate }: { isPrivate: boolean }) {
  const t = useT();
  const Icon = isPrivate ? LockClosedIcon : GlobeAltIcon;
  return (
    <span
      className={`${chip} ${isPrivate ? 'bg-slate-100 text-slate-700' : 'bg-sky-50 dark:bg-sky-950/40 text-sky-800 dark:text-sky-300'}`}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {isPrivate ? t('rooms.label.private') : t('rooms.label.public')}
    </span>
  );
}

/** 'Upcoming' while the event is ahead (a date to be decided is), else 'Passed' (docs/product.md#states). */
export function TimingLabel({ room }: { room: Pick<Room, 'date' | 'time' | 'dateTbd'> }) {
  const t = useT();
  const upcoming = room.dateTbd === true || isUpcoming(room);
  return (
    <span
      className={`${chip} ${upcoming ? 'bg-emerald-50 dark:bg-emerald-950/40 text-emerald-800 dark:text-emerald-300' : 'bg-amber-50 dark:bg-amber-950/40 text-amber-800 dark:text-amber-300'}`}
    >
      {upcoming ? t('rooms.label.upcoming') : t('rooms.label.passed')}
    </span>
  );
}
