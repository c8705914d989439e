// Whether the app can reach its server: the browser says it is offline, or calls to the server fail at the network
// level (the server is down while the app runs from the service worker's cache). The offline banner reads it.

type Listener = () => void;

/** While unreachable, the health endpoint is tried this often, so the banner goes away without user action. */
export const PROBE_INTERVAL_MS = 5000;

const listeners = new Set<Listener>();
let serverUnreachable = false;
let probe: ReturnType<typeof setInterval> | undefined;

const browserOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

function emit() {
  for (const listener of [...listeners]) listener();
}

function stopProbe() {
  clearInterval(probe);
  probe = undefined;
}

function startProbe() {
  if (probe !== undefined || listeners.size === 0) return;
  probe = setInterval(() => {
    fetch('/v1/health', { cache: 'no-store' }).then(
      (response) => {
        // Any answer, even 503 while the database restarts, means the network path is back.
        if (response.status > 0) reportServerReachable();
      },
      () => {},
    );
  }, PROBE_INTERVAL_MS);
}

export function reportServerUnreachable(): void {
  if (serverUnreachable) return;
  serverUnreachable = true;
  startProbe();
  emit();
}

export function reportServerReachable(): void {
  if (!serverUnreachable) return;
  serverUnreachable = false;
  stopProbe();
  emit();
}

export function isOffline(): boolean {
  return serverUnreachable || browserOffline();
}

export function subscribeConnectivity(listener: Listener): () => void {
  listeners.add(listener);
  if (listeners.size === 1) {
    window.addEventListener('online', emit);
    window.addEventListener('offline', emit);
  }
  if (serverUnreachable) startProbe();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      window.removeEventListener('online', emit);
      window.removeEventListener('offline', emit);
      stopProbe();
    }
  };
}
