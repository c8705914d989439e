import {
  ArrowTopRightOnSquareIcon,
  CalendarDaysIcon,
  ClockIcon,
  DocumentTextIcon,
  MapPinIcon,
  UserIcon,
} from '@heroicons/react/24/outline';
import type { Room } from '@outing/contract';
import { formatRoomDate } from '../lib/dates';
import { NOT_AVAILABLE } from '../messages';
import { PrivacyLabel, TimingLabel } from './room-labels';
import { DetailRow } from './detail-row';

/** Labels, date, time, venue link, host and description (product-spec §2). */
export function RoomInfo({ room }: { room: Room }) {
  return (
    <section
      aria-label="Details"
      className="rounded-2xl bg-surface px-4 pt-4 pb-1.5 shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex flex-wrap gap-2">
        <PrivacyLabel isPrivate={room.isPrivate} />
        <TimingLabel room={room} />
        {room.isClosed && (
          <span className="inline-flex items-center rounded-full bg-red-50 dark:bg-red-950/40 px-2.5 py-1 text-xs font-semibold text-red-800 dark:text-red-300">
            Closed
          </span>
        )}
      </div>
      <dl className="mt-1 divide-y divide-slate-100">
        <DetailRow icon={CalendarDaysIcon} term="Date">
          <time dateTime={room.date.slice(0, 10)}>{formatRoomDate(room.date)}</time>
        </DetailRow>
        <DetailRow icon={ClockIcon} term="Time">
          <time dateTime={room.time}>{room.time}</time>
        </DetailRow>
        <DetailRow icon={MapPinIcon} term="Venue">
          {room.venueUrl ? (
            <a
              href={room.venueUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex min-h-6 items-center gap-1 font-medium text-brand-700 dark:text-brand-300 underline decoration-brand-300 dark:decoration-brand-400 underline-offset-2 hover:decoration-brand-700 dark:hover:decoration-brand-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400"
            >
              {room.venue}
              <ArrowTopRightOnSquareIcon aria-hidden="true" className="size-4 shrink-0" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          ) : (
            room.venue
          )}
        </DetailRow>
        <DetailRow icon={UserIcon} term="Host">
          {room.host.username}
        </DetailRow>
        <DetailRow icon={DocumentTextIcon} term="Description">
          <span className="whitespace-pre-line">{room.description.trim() || NOT_AVAILABLE}</span>
        </DetailRow>
      </dl>
    </section>
  );
}
