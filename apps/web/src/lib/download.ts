import { readErrorEnvelope } from './envelopes';
import { ApiError, genericErrorMessage } from './api-error';
import { buildHeaders, buildUrl } from './api-url';
import { getStoredToken } from './token-storage';

/**
 * A file the API answers instead of the JSON envelope (a CSV export, an .ics): fetched with the same URL and
 * headers as the API client (the bearer token), since a plain link cannot carry the token. An error answer is
 * still an envelope and becomes an ApiError; no answer at all is a network error.
 */
export async function fetchDownload(path: string): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(buildUrl(path), {
      headers: buildHeaders(getStoredToken(), false),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: genericErrorMessage() });
  }
  if (!response.ok) {
    let payload: unknown;
    try {
      payload = await response.json();
    } catch {
      payload = undefined;
    }
    const envelope = readErrorEnvelope(payload);
    throw new ApiError(
      envelope
        ? { status: response.status, code: envelope.code, message: envelope.message, reason: envelope.reason }
        : { status: response.status, code: 'INVALID_RESPONSE', message: genericErrorMessage() },
    );
  }
  return response;
}

/** Saves `blob` as `fileName` the browser's way: a temporary object URL on a hidden download link. */
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
