import { useState } from 'react';
import type { Room } from '@outing/contract';
import { useToast } from '@/hooks/use-toast';
import { useT } from '@/lib/i18n/use-t';
import { isApiError, refusalText } from '@/lib/api-error';
import { saveBlob } from '@/lib/download';
import { calendarFileName, fetchCalendar } from '../api/download-calendar';

/** Downloads the room's `.ics` (issue #20 item 6), with a clear toast when it fails. */
export function useCalendarDownload(room: Pick<Room, 'id' | 'name'>) {
  const t = useT();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    if (busy) return;
    setBusy(true);
    try {
      saveBlob(await fetchCalendar(room.id), calendarFileName(room.name));
      toast.success(t('plans.calendar.downloaded'));
    } catch (error) {
      // A 403 or 404 says why (not a member any more, the room is gone), from its reason.
      const said = isApiError(error) && [403, 404].includes(error.status) ? refusalText(error) : '';
      toast.error(said ? t('plans.calendar.failedBecause', { reason: said }) : t('plans.calendar.failed'));
    } finally {
      setBusy(false);
    }
  };
  return { busy, download };
}
