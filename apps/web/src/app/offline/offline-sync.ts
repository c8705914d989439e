import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { clear, createStore, del, get, keys, set, type UseStore } from 'idb-keyval';
import { clearOutboxes, readOutbox } from '@/features/chat/lib/outbox';
import { flushOutbox } from '@/features/chat/lib/outbox-sender';
import { subscribeConnectivity } from '@/lib/connectivity';
import { recentRooms } from '@/lib/offline/recent-rooms';
import { offlineKeys } from '@/lib/query-keys';
import { roomOfQuery, selectForOffline } from './select-offline';

// Offline use (issue #21), started once someone is signed in (a chunk of its own, off the first screen): the query
// cache of the rooms opened lately is kept in IndexedDB, one record per user, and put back on the next start, so a
// recent room opens without a connection; and the chat outbox is sent whenever the connection comes back.
// The persister is ours (dehydrate/hydrate of the installed @tanstack/react-query, idb-keyval): TanStack's persister
// packages pin another version of query-core, which would ship a second copy.

/** Where the records live; a map in memory in tests. */
export interface KeyValueStore {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
  del(key: string): Promise<void>;
  keys(): Promise<string[]>;
  clear(): Promise<void>;
}

// 2: the rooms list is kept in pages (issue #22); a cache of version 1 holds it as one array, and is dropped.
export const CACHE_VERSION = 2;
/** A record older than this is not put back. */
export const MAX_AGE_MS = 7 * 86_400_000;
/** Changes are written at most this often. */
export const SAVE_DELAY_MS = 1000;

interface Persisted {
  version: number;
  savedAt: number;
  state: DehydratedState;
}

const keyOf = (userId: number) => `queries:${userId}`;

let idb: UseStore | undefined;

/** IndexedDB through idb-keyval; without IndexedDB (tests, some private modes) nothing is kept. */
export function idbStore(): KeyValueStore {
  if (typeof indexedDB === 'undefined') {
    return {
      get: () => Promise.resolve(undefined),
      set: () => Promise.resolve(),
      del: () => Promise.resolve(),
      keys: () => Promise.resolve([]),
      clear: () => Promise.resolve(),
    };
  }
  idb ??= createStore('outing-offline', 'cache');
  const store = idb;
  return {
    get: (key) => get(key, store),
    set: (key, value) => set(key, value, store),
    del: (key) => del(key, store),
    keys: () => keys<string>(store),
    clear: () => clear(store),
  };
}

function isPersisted(value: unknown): value is Persisted {
  const v = value as Persisted | undefined;
  return (
    typeof v === 'object' &&
    v !== null &&
    v.version === CACHE_VERSION &&
    typeof v.savedAt === 'number' &&
    Array.isArray(v.state?.queries)
  );
}

/** Puts the user's kept cache back (newer answers already in memory win); returns what was read. */
export async function restoreOfflineCache(
  queryClient: QueryClient,
  userId: number,
  store: KeyValueStore,
  now = Date.now(),
): Promise<DehydratedState | null> {
  const value = await store.get(keyOf(userId));
  if (value === undefined) return null;
  if (!isPersisted(value) || now - value.savedAt > MAX_AGE_MS) {
    await store.del(keyOf(userId));
    return null;
  }
  queryClient.setQueryDefaults(offlineKeys.recentRooms, { gcTime: Infinity });
  hydrate(queryClient, value.state);
  // Kept answers show at once but are never taken for fresh (they keep the time they were fetched, often within the
  // 30 s a fresh answer is trusted): every one is read again when a screen uses it and the network allows.
  const restored = new Set(value.state.queries.map((q) => q.queryHash));
  const recentHash = JSON.stringify(offlineKeys.recentRooms);
  await queryClient.invalidateQueries({
    predicate: (q) => restored.has(q.queryHash) && q.queryHash !== recentHash,
  });
  return value.state;
}

/** What is written now: the cache, plus kept answers of recent rooms that left memory meanwhile (garbage collected). */
export function snapshot(queryClient: QueryClient, previous: DehydratedState | null): DehydratedState {
  const current = dehydrate(queryClient, {
    shouldDehydrateQuery: (q) =>
      q.state.status === 'success' &&
      (roomOfQuery(q.queryKey) !== undefined ||
        (q.queryKey[0] === offlineKeys.recentRooms[0] && q.queryKey[1] === offlineKeys.recentRooms[1])),
  });
  const inMemory = new Set(current.queries.map((q) => q.queryHash));
  const carried = (previous?.queries ?? []).filter((q) => !inMemory.has(q.queryHash));
  const recent = recentRooms(queryClient);
  return selectForOffline({ ...current, queries: [...current.queries, ...carried] }, recent);
}

/**
 * Restores the user's kept cache, then keeps it up to date; sends the chat outbox now and whenever the connection
 * comes back. Other users' records and outboxes on this device are deleted. Returns the stop function.
 */
export function startOfflineSync(
  queryClient: QueryClient,
  userId: number,
  store: KeyValueStore = idbStore(),
): () => void {
  let active = true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let unsubscribeCache: (() => void) | undefined;
  let previous: DehydratedState | null = null;

  clearOutboxes(userId);
  void store
    .keys()
    .then((all) => Promise.all(all.filter((k) => k !== keyOf(userId)).map((k) => store.del(k))))
    .catch((error: unknown) => console.warn('Could not tidy the offline cache', error));

  const save = () => {
    timer = undefined;
    if (!active) return;
    previous = snapshot(queryClient, previous);
    const record: Persisted = { version: CACHE_VERSION, savedAt: Date.now(), state: previous };
    store
      .set(keyOf(userId), record)
      .catch((error: unknown) => console.warn('Could not keep the cache for offline use', error));
  };

  restoreOfflineCache(queryClient, userId, store)
    .then((restored) => {
      previous = restored;
    })
    .catch((error: unknown) => console.warn('Could not restore the offline cache', error))
    .finally(() => {
      if (!active) return;
      // Written only after the restore, so the start's empty cache never replaces what was kept.
      unsubscribeCache = queryClient.getQueryCache().subscribe((event) => {
        if (!active || event.type === 'observerAdded' || event.type === 'observerRemoved') return;
        timer ??= setTimeout(save, SAVE_DELAY_MS);
      });
      // What the screen fetched before the start (online, it waits for the page's load: app/providers.tsx) is
      // written too, without waiting for a change that may not come before the connection goes.
      timer ??= setTimeout(save, SAVE_DELAY_MS);
    });

  // Leaving the page (a reload, another tab taking over): what waits to be written is written now.
  const saveNow = () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    save();
  };
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') saveNow();
  };
  window.addEventListener('pagehide', saveNow);
  document.addEventListener('visibilitychange', onVisibility);

  const flush = () => {
    if (active && navigator.onLine !== false && readOutbox(userId).some((e) => e.state === 'sending'))
      void flushOutbox(queryClient, userId);
  };
  const unsubscribeConnectivity = subscribeConnectivity(flush);
  flush();

  return () => {
    active = false;
    clearTimeout(timer);
    unsubscribeCache?.();
    unsubscribeConnectivity();
    window.removeEventListener('pagehide', saveNow);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}

/** Logout: every kept cache and outbox on this device goes. */
export async function clearOfflineCache(store: KeyValueStore = idbStore()): Promise<void> {
  clearOutboxes();
  await store.clear();
}
