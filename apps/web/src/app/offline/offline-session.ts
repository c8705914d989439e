// The running offline sync (./offline-sync.ts, loaded once someone is signed in), so that logout can stop it before
// the cache is cleared: nothing of the user's is written after they are gone. No imports: the start-up bundle has it.

let stopRunning: (() => void) | null = null;

export function registerOfflineSync(stop: () => void): void {
  stopRunning = stop;
}

export function stopOfflineSync(): void {
  const stop = stopRunning;
  stopRunning = null;
  stop?.();
}

/** Logout: the persisted cache and the chat outboxes of everyone go (never shown to the next person). */
export function clearOfflineData(): Promise<void> {
  return import('./offline-sync')
    .then(({ clearOfflineCache }) => clearOfflineCache())
    .catch((error: unknown) => console.warn('Could not clear the offline cache', error));
}
