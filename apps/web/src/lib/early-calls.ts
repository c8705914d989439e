// Reads the boot script (src/boot) started before the app's own code had loaded: the API client adopts one instead
// of asking again. Zod-free: the boot script shares these names.

/** What the boot script leaves on `window`: the answers it asked for, by URL, with the token it sent. */
export interface EarlyCalls {
  token: string;
  /** `Date.now()` when they were sent. */
  startedAt: number;
  calls: Record<string, Promise<Response>>;
}

declare global {
  interface Window {
    __outingEarlyCalls?: EarlyCalls;
  }
}

/**
 * An early answer is adopted only this soon after it was asked for: the first screen takes it within a second or
 * two of the page load; later than this (a very slow start) the app asks afresh rather than show older data.
 */
export const EARLY_CALL_MAX_AGE_MS = 15_000;

/**
 * The boot script's call to `url`, once (a second read asks the server), and only when it carried `token`, the
 * token this call would send: after a sign-out or another sign-in nobody adopts it.
 */
export function takeEarlyCall(
  url: string,
  token: string | null,
  now: number = Date.now(),
): Promise<Response> | undefined {
  const early = window.__outingEarlyCalls;
  if (!early || token === null || early.token !== token) return undefined;
  const call = early.calls[url];
  if (call === undefined) return undefined;
  delete early.calls[url];
  if (now - early.startedAt > EARLY_CALL_MAX_AGE_MS) return undefined;
  return call;
}

/** The boot script's side: what it leaves for `takeEarlyCall`. */
export function leaveEarlyCalls(early: EarlyCalls): void {
  window.__outingEarlyCalls = early;
}
