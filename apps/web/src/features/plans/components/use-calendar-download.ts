import { useState } from 'react';
import type { Room } from '@outing/contract';
import { useToast } from '../../../hooks/use-toast';
import { isApiError } from '../../../lib/api-error';
import { saveBlob } from '../../../lib/download';
import { calendarFileName, fetchCalendar } from '../api/download-calendar';
import { CALENDAR_FAILED } from '../messages';

/** Downloads the room's `.ics` (issue #20 item 6), with a clear toast when it fails. */
export function useCalendarDownload(room: Pick<Room, 'id' | 'name'>) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    if (busy) return;
    setBusy(true);
    try {
      saveBlob(await fetchCalendar(room.id), calendarFileName(room.name));
      toast.success('Calendar file downloaded: open it to add the outing');
    } catch (error) {
      const said = isApiError(error) && [403, 404].includes(error.status) ? ` ${error.message}` : '';
      toast.error(`${CALENDAR_FAILED}${said}`);
    } finally {
      setBusy(false);
    }
  };
  return { busy, download };
}
