import { useMutation } from '@tanstack/react-query';
import { pictureEndpoints, type EndpointData } from '@outing/contract';
import { endpointPath } from '@/lib/api-client';
import { ApiError, genericErrorMessage } from '@/lib/api-error';
import { buildHeaders, buildUrl } from '@/lib/api-url';
import { readErrorEnvelope, readSuccessEnvelope } from '@/lib/envelopes';
import { reportServerReachable, reportServerUnreachable } from '@/lib/connectivity';
import { notifySessionRejected } from '@/lib/session-events';
import { getStoredToken } from '@/lib/token-storage';
import { pictureTooLarge, pictureUnreadable, type PictureType } from '../lib/picture-file';

/**
 * The uploaded picture's `id` and `url` (`/v1/pictures/{id}.webp`, 960 px wide; `?w=160` and `?w=480` for
 * smaller), of what `pictureEndpoints.upload` answers.
 */
export type UploadedPicture = Pick<EndpointData<typeof pictureEndpoints.upload>, 'id' | 'url'>;

export interface UploadPictureInput {
  file: Blob;
  /** The picture's type: the file's own, or what its bytes say (lib/picture-file.ts). */
  type: PictureType;
  /** 0–1 as the bytes go out. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * POST /v1/pictures (`pictureEndpoints.upload`) with the image itself as the body: 200 {id, url, width, height};
 * 413 too large, 415 not a picture type, 400 not readable. Through XMLHttpRequest, not the JSON API client: the body
 * is raw bytes, and only XHR reports upload progress (a 10 MB photo on a phone takes a while). Errors are the same
 * `ApiError`s the API client throws.
 */
export function uploadPicture({
  file,
  type,
  onProgress,
  signal,
}: UploadPictureInput): Promise<UploadedPicture> {
  const token = getStoredToken();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(pictureEndpoints.upload.method, buildUrl(endpointPath(pictureEndpoints.upload)));
    buildHeaders(token, false).forEach((value, key) => xhr.setRequestHeader(key, value));
    xhr.setRequestHeader('Content-Type', type);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    const networkError = () => {
      reportServerUnreachable();
      reject(new ApiError({ status: 0, code: 'NETWORK_ERROR', message: genericErrorMessage() }));
    };
    xhr.onerror = networkError;
    xhr.ontimeout = networkError;
    // A developer's note (the abort is never shown): i18n-ignore
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    xhr.onload = () => {
      reportServerReachable();
      const payload = parseJson(xhr.responseText);
      if (xhr.status < 200 || xhr.status >= 300) {
        const envelope = readErrorEnvelope(payload);
        if (!envelope) {
          // A proxy's own 413 page, say: still worth the sentence the server would have said.
          const message =
            xhr.status === 413
              ? pictureTooLarge()
              : xhr.status === 415
                ? pictureUnreadable()
                : genericErrorMessage();
          reject(new ApiError({ status: xhr.status, code: 'INVALID_RESPONSE', message }));
          return;
        }
        if (
          xhr.status === 401 &&
          envelope.code === 'UNAUTHENTICATED' &&
          token &&
          token === getStoredToken()
        ) {
          notifySessionRejected();
        }
        reject(
          new ApiError({
            status: xhr.status,
            code: envelope.code,
            message: envelope.message,
            issues: envelope.issues,
          }),
        );
        return;
      }
      // The envelope and the two fields used, read by hand (the API client's way, decision 015).
      const data = readSuccessEnvelope(payload)?.data as { id?: unknown; url?: unknown } | null | undefined;
      if (typeof data?.id !== 'string' || typeof data.url !== 'string') {
        reject(new ApiError({ status: 0, code: 'INVALID_RESPONSE', message: genericErrorMessage() }));
        return;
      }
      onProgress?.(1);
      resolve({ id: data.id, url: data.url });
    };
    if (signal) {
      if (signal.aborted) {
        reject(new DOMException('The upload was cancelled.', 'AbortError')); // i18n-ignore: never shown
        return;
      }
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(file);
  });
}

/** The picture is the caller's own until a room names it: nothing in the cache changes. */
export function useUploadPicture() {
  return useMutation({ mutationFn: uploadPicture });
}
