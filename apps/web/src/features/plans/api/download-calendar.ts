import { calendarEndpoints } from '@outing/contract';
import { endpointPath } from '@/lib/api-client';
import { fetchDownload } from '@/lib/download';

/** A file name a download may carry: the room's name without characters file systems refuse. */
export function calendarFileName(roomName: string): string {
  const safe = roomName
    .replace(/[\\/:*?"<>|]+/g, ' ')
    .replace(/\p{Cc}+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 60);
  return `${safe || 'outing'}.ics`;
}

/**
 * GET /v1/rooms/{id}/calendar.ics (members): the room as an iCalendar file. It needs the bearer token, so it is
 * fetched (not a plain link) and handed to the browser as a blob. Rejects with an ApiError.
 */
export async function fetchCalendar(roomId: string): Promise<Blob> {
  const response = await fetchDownload(endpointPath(calendarEndpoints.roomIcs, { id: roomId }));
  const text = await response.text();
  return new Blob([text], { type: 'text/calendar;charset=utf-8' });
}
