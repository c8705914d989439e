import { personName } from '@/lib/person-name';
import {
  ArrowTopRightOnSquareIcon,
  CalendarDaysIcon,
  MapIcon,
  MapPinIcon,
  UsersIcon,
} from '@heroicons/react/24/outline';
import { GlobeAltIcon, LockClosedIcon } from '@heroicons/react/20/solid';
import type { RoomPreview } from '@outing/contract';
import { Avatar } from '@/components/avatar';
import { useT } from '@/lib/i18n/use-t';
import { goingLabel, isFull } from '@/entities/room/capacity';
import { formatStartDate, formatStartTime, roomZoneStart, startDateTime } from '@/entities/room/start-time';
import { TbdText } from '@/entities/room/tbd-text';
import { DetailRow } from '@/components/detail-row';
import { directionsUrl } from '@/features/plans/lib/calendar-links';

const chip = 'inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-semibold';

/**
 * What a link holder may know before joining (issue #20 item 9): when, where, who hosts, how many are going and
 * the description. Never who the members are.
 */
export function PreviewDetails({ preview }: { preview: RoomPreview }) {
  const t = useT();
  const otherZone = roomZoneStart(preview.startsAt, preview.timeZone);
  const full = isFull(preview.goingCount, preview.capacity);
  const description = preview.description.trim();
  // Directions for whoever may come (issue 37): an invitee or a link holder finds the way before joining too.
  const directions = directionsUrl({ venue: preview.venue, venuePlaceId: '', venueTbd: preview.venueTbd });
  return (
    <section
      aria-label={t('preview.details.label')}
      className="rounded-2xl bg-surface px-4 pt-4 pb-1.5 shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex flex-wrap gap-2">
        {preview.isPrivate ? (
          <span className={`${chip} bg-slate-100 text-slate-700`}>
            <LockClosedIcon aria-hidden="true" className="size-3.5" />
            {t('preview.details.private')}
          </span>
        ) : (
          <span className={`${chip} bg-sky-50 dark:bg-sky-950/40 text-sky-800 dark:text-sky-300`}>
            <GlobeAltIcon aria-hidden="true" className="size-3.5" />
            {t('preview.details.public')}
          </span>
        )}
        {preview.isClosed && (
          <span className={`${chip} bg-red-50 dark:bg-red-950/40 text-red-800 dark:text-red-300`}>
            {t('preview.details.closed')}
          </span>
        )}
        {!preview.isClosed && preview.isPast && (
          <span className={`${chip} bg-amber-50 dark:bg-amber-950/40 text-amber-800 dark:text-amber-300`}>
            {t('preview.details.passed')}
          </span>
        )}
      </div>
      <dl className="mt-1 divide-y divide-slate-100">
        <DetailRow icon={CalendarDaysIcon} term={t('preview.details.when')}>
          {preview.dateTbd ? (
            <TbdText what="date" />
          ) : (
            <>
              <time dateTime={startDateTime(preview.startsAt)}>
                {t('preview.details.whenValue', {
                  date: formatStartDate(preview.startsAt),
                  time: formatStartTime(preview.startsAt),
                })}
              </time>
              {otherZone && <span className="block text-sm text-slate-600">{otherZone}</span>}
            </>
          )}
        </DetailRow>
        <DetailRow icon={MapPinIcon} term={t('preview.details.where')}>
          {preview.venueTbd ? (
            <TbdText what="venue" />
          ) : preview.venueUrl ? (
            <a
              href={preview.venueUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex min-h-6 items-center gap-1 font-medium text-brand-700 dark:text-brand-300 underline decoration-brand-300 dark:decoration-brand-400 underline-offset-2 hover:decoration-brand-700 dark:hover:decoration-brand-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400"
            >
              {preview.venue}
              <ArrowTopRightOnSquareIcon aria-hidden="true" className="size-4 shrink-0" />
              <span className="sr-only">{t('preview.details.opensMap')}</span>
            </a>
          ) : (
            preview.venue
          )}
          {directions && (
            <a
              href={directions}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t('plans.directionsLabel', { venue: preview.venue.trim() })}
              className="mt-1 flex min-h-6 w-fit items-center gap-1 text-sm font-medium text-brand-700 dark:text-brand-300 underline decoration-brand-300 dark:decoration-brand-400 underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400"
            >
              <MapIcon aria-hidden="true" className="size-4 shrink-0" />
              {t('plans.directions')}
            </a>
          )}
        </DetailRow>
        <DetailRow icon={UsersIcon} term={t('preview.details.going')}>
          {goingLabel(preview.goingCount, preview.capacity)}
          {full && !preview.isClosed && !preview.isPast && (
            <span className="block text-sm font-medium text-amber-800 dark:text-amber-300">
              {t('preview.details.fullWaitlist')}
            </span>
          )}
        </DetailRow>
        <div className="flex min-h-14 items-center gap-3 py-2.5">
          <dt className="sr-only">{t('preview.details.host')}</dt>
          <dd className="flex min-w-0 items-center gap-3">
            <Avatar
              username={preview.host.username}
              displayName={preview.host.displayName}
              pictureUrl={preview.host.pictureUrl}
              size="sm"
            />
            <span className="min-w-0 text-base text-slate-900">
              <span className="block text-xs font-medium tracking-wide text-slate-500 uppercase">
                {t('preview.details.hostedBy')}
              </span>
              <span className="block truncate font-medium">{personName(preview.host)}</span>
            </span>
          </dd>
        </div>
      </dl>
      {description && (
        <div className="border-t border-slate-100 py-3">
          <h2 className="text-xs font-medium tracking-wide text-slate-500 uppercase">
            {t('preview.details.about')}
          </h2>
          <p className="mt-1 text-base break-words whitespace-pre-line text-slate-800">{description}</p>
        </div>
      )}
    </section>
  );
}
