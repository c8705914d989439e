import { useMutation } from '@tanstack/react-query';
import { errorEnvelopeSchema } from '@outing/contract';
import { ApiError, GENERIC_ERROR_MESSAGE } from '../../../lib/api-error';
import { buildHeaders, buildUrl } from '../../../lib/api-url';
import { getStoredToken } from '../../../lib/token-storage';

export interface CsvFile {
  filename: string;
  blob: Blob;
}

/** `attachment; filename="x.csv"` (or RFC 5987 `filename*=UTF-8''x.csv`) → `x.csv`; null when absent. */
export function filenameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1]!.trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain parameter
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/i.exec(disposition);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name ? name : null;
}

/**
 * GET /v1/rooms/{id}/export.csv (members): text, not the JSON envelope, so it is fetched here with the same URL
 * and headers as the API client (the bearer token); an error answer is still an envelope and becomes an ApiError.
 */
export async function exportRoomCsv(roomId: string): Promise<CsvFile> {
  let response: Response;
  try {
    response = await fetch(buildUrl(`/rooms/${encodeURIComponent(roomId)}/export.csv`), {
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
    throw new ApiError(
      envelope.success
        ? { status: response.status, code: envelope.data.code, message: envelope.data.message }
        : { status: response.status, code: 'INVALID_RESPONSE', message: GENERIC_ERROR_MESSAGE },
    );
  }
  const blob = await response.blob();
  return { filename: filenameOf(response.headers.get('Content-Disposition')) ?? 'outing-bills.csv', blob };
}

/** Saves the file the browser's way: a temporary object URL on a download link. */
export function saveFile({ filename, blob }: CsvFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next tick: the click has handed the URL to the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function useExportRoomCsv(roomId: string) {
  return useMutation({ mutationFn: () => exportRoomCsv(roomId), onSuccess: saveFile });
}
