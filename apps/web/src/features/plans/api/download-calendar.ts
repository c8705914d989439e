import { errorEnvelopeSchema } from '@outing/contract';
import { ApiError, GENERIC_ERROR_MESSAGE } from '../../../lib/api-error';
import { buildHeaders, buildUrl } from '../../../lib/api-url';
import { getStoredToken } from '../../../lib/token-storage';

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
  let response: Response;
  try {
    response = await fetch(buildUrl(`/rooms/${encodeURIComponent(roomId)}/calendar.ics`), {
      headers: buildHeaders(getStoredToken(), false),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: GENERIC_ERROR_MESSAGE });
  }
  if (!response.ok) {
    let payload: unknown;
    try {
      payload = await response.json();
    } catch {
      payload = undefined;
    }
    const envelope = errorEnvelopeSchema.safeParse(payload);
    throw new ApiError({
      status: response.status,
      code: envelope.success ? envelope.data.code : 'INVALID_RESPONSE',
      message: envelope.success ? envelope.data.message : GENERIC_ERROR_MESSAGE,
    });
  }
  const text = await response.text();
  return new Blob([text], { type: 'text/calendar;charset=utf-8' });
}

/** Saves `blob` as `fileName` through a temporary object URL and `<a download>`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns: revoke it a little later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
