import { useMutation } from '@tanstack/react-query';
import { billEndpoints } from '@outing/contract';
import { endpointPath } from '@/lib/api-client';
import { fetchDownload, saveBlob } from '@/lib/download';

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
  const response = await fetchDownload(endpointPath(billEndpoints.exportCsv, { id: roomId }));
  const blob = await response.blob();
  return { filename: filenameOf(response.headers.get('Content-Disposition')) ?? 'outing-bills.csv', blob };
}

/** Saves the file the browser's way. */
export const saveFile = ({ filename, blob }: CsvFile): void => saveBlob(blob, filename);

export function useExportRoomCsv(roomId: string) {
  return useMutation({ mutationFn: () => exportRoomCsv(roomId), onSuccess: saveFile });
}
