import { QueryClient, dehydrate } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CACHE_VERSION,
  SAVE_DELAY_MS,
  clearOfflineCache,
  restoreOfflineCache,
  startOfflineSync,
  type KeyValueStore,
} from './offline-sync';
import { MAX_RECENT_ROOMS, markRoomViewed, recentRooms } from '@/lib/offline/recent-rooms';
import { selectForOffline, trimMessages } from './select-offline';

// Issue #21: what is kept for offline use, for whom, and how much.

function memoryStore(): KeyValueStore & { map: Map<string, unknown> } {
  const map = new Map<string, unknown>();
  return {
    map,
    get: (key) => Promise.resolve(map.get(key)),
    set: (key, value) => Promise.resolve(void map.set(key, structuredClone(value))),
    del: (key) => Promise.resolve(void map.delete(key)),
    keys: () => Promise.resolve([...map.keys()]),
    clear: () => Promise.resolve(map.clear()),
  };
}

const room = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function messagesData(count: number, pageSize = 20) {
  const ids = Array.from({ length: count }, (_, i) => count - i); // newest first
  const pages = [];
  for (let i = 0; i < ids.length; i += pageSize) {
    pages.push({ messages: ids.slice(i, i + pageSize).map((id) => ({ id })), page: 1, pageCount: 9 });
  }
  return { pages, pageParams: pages.map((_, i) => (i === 0 ? null : ids[i * pageSize - 1])) };
}

/** A client holding a room's worth of answers for each room id. */
function clientWith(rooms: string[]) {
  const client = new QueryClient();
  client.setQueryData(
    ['rooms', 'list'],
    rooms.map((id) => ({ id })),
  );
  for (const id of rooms) {
    client.setQueryData(['rooms', 'detail', id], { id, name: `Room ${id}` });
    client.setQueryData(['rooms', 'detail', id, 'guests'], { going: [] });
    client.setQueryData(['rooms', 'attendees', id], [{ id: 1 }]);
    // The Money section's bills, a page at a time.
    client.setQueryData(['bills', id, 'list', 'pages'], {
      pages: [{ data: [{ id: 5 }], nextCursor: null }],
      pageParams: [null],
    });
    client.setQueryData(['bills', id, 'balances'], { members: [] });
    client.setQueryData(['bills', 'consolidated', id], false);
    client.setQueryData(['chat', 'messages', id], messagesData(80));
  }
  // Not a room's: never kept.
  client.setQueryData(['users', 7, 'payment-methods'], [{ id: 1 }]);
  client.setQueryData(['notifications', 'list'], [{ id: 1 }]);
  client.setQueryData(['rooms', 'uninvited', rooms[0]], [{ id: 9 }]);
  return client;
}

const keysOf = (state: ReturnType<typeof selectForOffline>) => state.queries.map((q) => q.queryKey);

afterEach(() => {
  vi.useRealTimers();
});

describe('what is kept offline', () => {
  it('keeps the rooms list and, for recent rooms only, the room, members, money and newest 50 messages', () => {
    const client = clientWith([room(1), room(2)]);
    const kept = selectForOffline(dehydrate(client), [room(1)]);
    expect(keysOf(kept)).toEqual(
      expect.arrayContaining([
        ['rooms', 'list'],
        ['rooms', 'detail', room(1)],
        ['rooms', 'detail', room(1), 'guests'],
        ['rooms', 'attendees', room(1)],
        ['bills', room(1), 'list', 'pages'],
        ['bills', room(1), 'balances'],
        ['bills', 'consolidated', room(1)],
        ['chat', 'messages', room(1)],
      ]),
    );
    expect(kept.queries).toHaveLength(8);
    expect(JSON.stringify(keysOf(kept))).not.toContain(room(2));
    const messages = kept.queries.find((q) => q.queryKey[0] === 'chat')!.state.data as ReturnType<
      typeof messagesData
    >;
    const ids = messages.pages.flatMap((p) => p.messages.map((m) => m.id));
    expect(ids).toHaveLength(50);
    expect(ids[0]).toBe(80);
    expect(ids.at(-1)).toBe(31);
    expect(messages.pageParams).toHaveLength(messages.pages.length);
  });

  it('trims messages page by page, cutting the last page kept', () => {
    const trimmed = trimMessages(messagesData(45), 30) as ReturnType<typeof messagesData>;
    expect(trimmed.pages.map((p) => p.messages.length)).toEqual([20, 10]);
    expect(trimmed.pageParams).toHaveLength(2);
  });

  it('remembers at most the last 10 rooms opened, most recent first', () => {
    const client = new QueryClient();
    for (let n = 1; n <= 12; n += 1) markRoomViewed(client, room(n).toUpperCase());
    markRoomViewed(client, room(5));
    const recent = recentRooms(client);
    expect(recent).toHaveLength(MAX_RECENT_ROOMS);
    expect(recent[0]).toBe(room(5));
    expect(recent).not.toContain(room(1));
    expect(recent).not.toContain(room(2));
    expect(new Set(recent).size).toBe(recent.length);
  });

  it('over the size cap, the least recent rooms are dropped first', () => {
    const client = clientWith([room(1), room(2), room(3)]);
    const state = dehydrate(client);
    const all = JSON.stringify(selectForOffline(state, [room(3), room(2), room(1)])).length;
    const kept = selectForOffline(state, [room(3), room(2), room(1)], Math.floor(all * 0.8));
    const text = JSON.stringify(keysOf(kept));
    expect(text).toContain(room(3));
    expect(text).toContain(room(2));
    expect(text).not.toContain(room(1));
    expect(JSON.stringify(kept).length).toBeLessThanOrEqual(all * 0.8);
  });
});

describe('offline sync', () => {
  it('writes the kept part for the user, and a new client gets it back', async () => {
    vi.useFakeTimers();
    const store = memoryStore();
    const client = clientWith([room(1)]);
    markRoomViewed(client, room(1));
    const stop = startOfflineSync(client, 7, store);
    await vi.runAllTimersAsync();
    client.setQueryData(['rooms', 'detail', room(1)], { id: room(1), name: 'Renamed' });
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS);
    stop();
    expect([...store.map.keys()]).toEqual(['queries:7']);

    const fresh = new QueryClient();
    await restoreOfflineCache(fresh, 7, store);
    expect(fresh.getQueryData(['rooms', 'detail', room(1)])).toEqual({ id: room(1), name: 'Renamed' });
    // Shown, but read again when a screen uses it: a reload never keeps a stale answer for fresh.
    expect(fresh.getQueryState(['rooms', 'detail', room(1)])?.isInvalidated).toBe(true);
    expect(fresh.getQueryData(['users', 7, 'payment-methods'])).toBeUndefined();
    // Another user gets nothing of it.
    const other = new QueryClient();
    await restoreOfflineCache(other, 8, store);
    expect(other.getQueryCache().getAll()).toHaveLength(0);
  });

  it("a new user's start deletes the previous user's record; nothing is written after stop", async () => {
    vi.useFakeTimers();
    const store = memoryStore();
    await store.set('queries:7', {
      version: CACHE_VERSION,
      savedAt: Date.now(),
      state: { mutations: [], queries: [] },
    });
    const client = clientWith([room(1)]);
    markRoomViewed(client, room(1));
    const stop = startOfflineSync(client, 8, store);
    await vi.runAllTimersAsync();
    expect(store.map.has('queries:7')).toBe(false);
    stop();
    store.map.clear();
    client.setQueryData(['rooms', 'detail', room(1)], { id: room(1), name: 'After logout' });
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS * 2);
    expect(store.map.size).toBe(0);
  });

  it('a record too old, or of another version, is not put back', async () => {
    const store = memoryStore();
    const state = selectForOffline(dehydrate(clientWith([room(1)])), [room(1)]);
    await store.set('queries:7', { version: CACHE_VERSION, savedAt: Date.now() - 8 * 86_400_000, state });
    const client = new QueryClient();
    expect(await restoreOfflineCache(client, 7, store)).toBeNull();
    expect(store.map.has('queries:7')).toBe(false);
    await store.set('queries:7', { version: CACHE_VERSION + 1, savedAt: Date.now(), state });
    expect(await restoreOfflineCache(client, 7, store)).toBeNull();
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });

  it('clearing (logout) deletes every kept record and every outbox', async () => {
    const store = memoryStore();
    await store.set('queries:7', {
      version: CACHE_VERSION,
      savedAt: Date.now(),
      state: { mutations: [], queries: [] },
    });
    await store.set('queries:8', {
      version: CACHE_VERSION,
      savedAt: Date.now(),
      state: { mutations: [], queries: [] },
    });
    localStorage.setItem('outing.outbox.7', '[]');
    await clearOfflineCache(store);
    expect(store.map.size).toBe(0);
    expect(localStorage.getItem('outing.outbox.7')).toBeNull();
  });
});
