import { useFormContext, useWatch } from 'react-hook-form';
import { BellAlertIcon } from '@heroicons/react/24/outline';
import type { Room } from '@outing/contract';
import { useT } from '@/lib/i18n/use-t';
import { formatDayAndTime, roomDay } from '@/entities/room/dates';
import type { RoomPlanValues } from './room-plan-fields';

/**
 * Said before saving when the edit moves the outing (issue #20 item 3): what changes, in the user's own locale,
 * and that everyone will hear of it. Announced politely as it appears.
 */
export function MoveNotice({ room }: { room: Room }) {
  const t = useT();
  const { control } = useFormContext<RoomPlanValues>();
  const [date, time, venue, dateTbd, venueTbd] = useWatch({
    control,
    name: ['date', 'time', 'venue', 'dateTbd', 'venueTbd'],
  });
  // A date or venue to be decided, before or after, moves nothing: its placeholder was never a plan (the server
  // says "the date is set" instead; docs/api/README.md#date-and-venue-tbd).
  const whenChanged =
    !room.dateTbd &&
    !dateTbd &&
    date !== '' &&
    time !== '' &&
    (date !== roomDay(room.date) || time !== room.time);
  const newVenue =
    !room.venueTbd && !venueTbd && venue.picked && venue.picked.googleMapsPlaceId !== room.venuePlaceId
      ? venue.picked.name
      : null;
  const moved = whenChanged || newVenue !== null;

  return (
    <div role="status" aria-live="polite">
      {moved && (
        <div className="flex items-start gap-3 rounded-xl bg-amber-50 dark:bg-amber-950/40 p-4 text-sm text-amber-950 dark:text-amber-300 ring-1 ring-amber-200 dark:ring-amber-800">
          <BellAlertIcon
            aria-hidden="true"
            className="mt-0.5 size-5 shrink-0 text-amber-700 dark:text-amber-300"
          />
          <div className="flex min-w-0 flex-col gap-1">
            <p className="font-semibold">{t('rooms.move.notice')}</p>
            {whenChanged && (
              <p>
                {t('rooms.move.when', {
                  from: formatDayAndTime(roomDay(room.date), room.time),
                  to: formatDayAndTime(date, time),
                })}
              </p>
            )}
            {newVenue && <p className="break-words">{t('rooms.move.venue', { venue: newVenue })}</p>}
          </div>
        </div>
      )}
    </div>
  );
}
