import {
  ArrowTopRightOnSquareIcon,
  CalendarDaysIcon,
  ClockIcon,
  DocumentTextIcon,
  MapPinIcon,
  UserIcon,
} from '@heroicons/react/24/outline';
import type { Room } from '@outing/contract';
import { useT } from '@/lib/i18n/use-t';
import { formatRoomDate } from '@/entities/room/dates';
import { TbdText } from '@/entities/room/tbd-text';
import { formatClockTime } from '@/lib/i18n/format';
import { PrivacyLabel, TimingLabel } from './room-labels';
import { DetailRow } from '@/components/detail-row';
import { personName } from '@/lib/person-name';

/** Labels, date, time, venue link, host and description (docs/product.md#room-page). */
export function RoomInfo({ room }: { room: Room }) {
  const t = useT();
  return (
    <section
      aria-label={t('rooms.info.label')}
      className="rounded-2xl bg-surface px-4 pt-4 pb-1.5 shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex flex-wrap gap-2">
        <PrivacyLabel isPrivate={room.isPrivate} />
        <TimingLabel room={room} />
        {room.isClosed && (
          <span className="inline-flex items-center rounded-full bg-red-50 dark:bg-red-950/40 px-2.5 py-1 text-xs font-semibold text-red-800 dark:text-red-300">
            {t('rooms.info.closed')}
          </span>
        )}
      </div>
      <dl className="mt-1 divide-y divide-slate-100">
        <DetailRow icon={CalendarDaysIcon} term={t('rooms.field.date')}>
          {room.dateTbd ? (
            // "Date TBD · Vote on the date" (issue 37 item 1): the date poll is further down the page.
            <span className="flex flex-wrap items-center gap-x-1.5">
              <TbdText what="date" />
              {!room.isClosed && (
                <>
                  <span aria-hidden="true">·</span>
                  <a
                    href="#date-poll"
                    className="inline-flex min-h-6 items-center font-medium text-brand-700 dark:text-brand-300 underline decoration-brand-300 dark:decoration-brand-400 underline-offset-2 hover:decoration-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400"
                  >
                    {t('rooms.tbd.voteOnDate')}
                  </a>
                </>
              )}
            </span>
          ) : (
            <time dateTime={room.date.slice(0, 10)}>{formatRoomDate(room.date)}</time>
          )}
        </DetailRow>
        {!room.dateTbd && (
          <DetailRow icon={ClockIcon} term={t('rooms.field.time')}>
            <time dateTime={room.time}>{formatClockTime(room.time)}</time>
          </DetailRow>
        )}
        <DetailRow icon={MapPinIcon} term={t('rooms.venue.label')}>
          {room.venueTbd ? (
            <TbdText what="venue" />
          ) : room.venueUrl ? (
            <a
              href={room.venueUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex min-h-6 items-center gap-1 font-medium text-brand-700 dark:text-brand-300 underline decoration-brand-300 dark:decoration-brand-400 underline-offset-2 hover:decoration-brand-700 dark:hover:decoration-brand-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400"
            >
              {room.venue}
              <ArrowTopRightOnSquareIcon aria-hidden="true" className="size-4 shrink-0" />
              <span className="sr-only">{t('rooms.info.newTab')}</span>
            </a>
          ) : (
            room.venue
          )}
        </DetailRow>
        <DetailRow icon={UserIcon} term={t('rooms.info.host')}>
          {personName(room.host)}
        </DetailRow>
        {/* No description: no row (issue 37), rather than "Description N/A". */}
        {room.description.trim() !== '' && (
          <DetailRow icon={DocumentTextIcon} term={t('rooms.info.description')}>
            <span className="whitespace-pre-line">{room.description.trim()}</span>
          </DetailRow>
        )}
      </dl>
    </section>
  );
}
