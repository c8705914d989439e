import { useState } from 'react';
import { CalendarDaysIcon, CalendarIcon, MapIcon, ShareIcon } from '@heroicons/react/24/outline';
import type { Room } from '@outing/contract';
import { ButtonSpinner } from '@/components/form/submit-button';
import { useAuth } from '@/hooks/use-auth';
import { useT } from '@/lib/i18n/use-t';
import { formatRoomDate } from '@/entities/room/dates';
import { formatClockTime } from '@/lib/i18n/format';
import { actionButtonClass } from '@/components/action-button';
import { useCalendarDownload } from './use-calendar-download';
import { ShareSheet } from '@/features/guest-access/components/share-sheet';
import { shareData, useShare } from './use-share';
import { directionsUrl, googleCalendarUrl, outlookCalendarUrl } from '../lib/calendar-links';
import { ExternalActionLink } from './external-action-link';

// The longer label gets a little more room than the other action buttons, on one line.
const calendarButtonClass = `${actionButtonClass.replace(' gap-2 ', ' gap-1.5 ').replace(' px-3 ', ' px-2 ')} whitespace-nowrap`;

/**
 * "Add to calendar" (members) and "Share" beside each other on the room page. The host of an open room shares
 * through the app's share sheet (the room link and the guest link, issue 35); anyone else through the device's.
 * Under them (issue 37 item 2), beside the .ics: Google Calendar's and Outlook's own new-event forms filled in with
 * the room (members, once it has a date), and Google Maps' directions to the venue (when it has one).
 */
export function PlanActions({ room, canDownload }: { room: Room; canDownload: boolean }) {
  const t = useT();
  const calendar = useCalendarDownload(room);
  const share = useShare();
  const { user } = useAuth();
  const hostSheet = room.hostId === user.id && !room.isClosed;
  const [sheetOpen, setSheetOpen] = useState(false);
  const roomShare = shareData(room, `${formatRoomDate(room.date)} ${formatClockTime(room.time)}`);
  const google = canDownload ? googleCalendarUrl(room) : null;
  const outlook = canDownload ? outlookCalendarUrl(room) : null;
  const directions = directionsUrl(room);
  return (
    <div className="grid grid-cols-1 gap-3 min-[360px]:grid-cols-2">
      {canDownload && (
        <button
          type="button"
          onClick={() => void calendar.download()}
          aria-busy={calendar.busy}
          aria-disabled={calendar.busy}
          className={calendarButtonClass}
        >
          {calendar.busy ? (
            <ButtonSpinner className="size-5 text-brand-700 dark:text-brand-300" />
          ) : (
            <CalendarDaysIcon aria-hidden="true" className="size-5 text-brand-700 dark:text-brand-300" />
          )}
          {t('plans.addToCalendar')}
        </button>
      )}
      <button
        type="button"
        onClick={() => (hostSheet ? setSheetOpen(true) : void share(roomShare))}
        aria-haspopup={hostSheet ? 'dialog' : undefined}
        className={`${actionButtonClass} ${canDownload ? '' : 'min-[360px]:col-span-2'}`}
      >
        <ShareIcon aria-hidden="true" className="size-5 text-brand-700 dark:text-brand-300" />
        {t('plans.share')}
      </button>
      {google && (
        <ExternalActionLink
          href={google}
          icon={CalendarIcon}
          label={t('plans.calendar.google')}
          name={t('plans.calendar.googleLabel')}
          className={calendarButtonClass}
        />
      )}
      {outlook && (
        <ExternalActionLink
          href={outlook}
          icon={CalendarIcon}
          label={t('plans.calendar.outlook')}
          name={t('plans.calendar.outlookLabel')}
          className={calendarButtonClass}
        />
      )}
      {directions && (
        <ExternalActionLink
          href={directions}
          icon={MapIcon}
          label={t('plans.directions')}
          name={t('plans.directionsLabel', { venue: room.venue.trim() })}
          className={`${actionButtonClass} min-[360px]:col-span-2`}
        />
      )}
      {hostSheet && sheetOpen && (
        <ShareSheet room={room} roomShare={roomShare} share={share} onClose={() => setSheetOpen(false)} />
      )}
    </div>
  );
}
