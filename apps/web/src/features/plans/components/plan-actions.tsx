import { CalendarDaysIcon, ShareIcon } from '@heroicons/react/24/outline';
import type { Room } from '@outing/contract';
import { ButtonSpinner } from '@/components/form/submit-button';
import { useT } from '@/lib/i18n/use-t';
import { formatRoomDate } from '@/entities/room/dates';
import { actionButtonClass } from '@/components/action-button';
import { useCalendarDownload } from './use-calendar-download';
import { shareData, useShare } from './use-share';

// The longer label gets a little more room than the other action buttons, on one line.
const calendarButtonClass = `${actionButtonClass.replace(' gap-2 ', ' gap-1.5 ').replace(' px-3 ', ' px-2 ')} whitespace-nowrap`;

/** "Add to calendar" (members) and "Share" beside each other on the room page. */
export function PlanActions({ room, canDownload }: { room: Room; canDownload: boolean }) {
  const t = useT();
  const calendar = useCalendarDownload(room);
  const share = useShare();
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
        onClick={() => void share(shareData(room, `${formatRoomDate(room.date)} ${room.time}`))}
        className={`${actionButtonClass} ${canDownload ? '' : 'min-[360px]:col-span-2'}`}
      >
        <ShareIcon aria-hidden="true" className="size-5 text-brand-700 dark:text-brand-300" />
        {t('plans.share')}
      </button>
    </div>
  );
}
