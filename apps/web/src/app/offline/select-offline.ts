import type { DehydratedState } from '@tanstack/react-query';
import { MAX_RECENT_ROOMS } from '@/lib/offline/recent-rooms';
import { offlineKeys } from '@/lib/query-keys';

// What of the query cache is kept for offline use (issue #21): only what a room needs, for the rooms opened lately,
// and under a size cap. Pure, so it is tested without IndexedDB.

/** The newest messages kept per room. */
export const MAX_MESSAGES_PER_ROOM = 50;

/** The kept state, as JSON, stays under this many characters: the oldest rooms go first. */
export const MAX_PERSISTED_CHARS = 1_500_000;

type DehydratedQuery = DehydratedState['queries'][number];

interface MessagesData {
  pages: { messages: unknown[] }[];
  pageParams: unknown[];
}

const lower = (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : undefined);

/** The room a query belongs to, when it is one a room screen reads; `''` for the user's rooms list. */
export function roomOfQuery(key: readonly unknown[]): string | undefined {
  const [a, b, c] = key;
  if (a === 'rooms' && b === 'list' && key.length === 2) return '';
  // The room, its guests and date poll; its members.
  if (a === 'rooms' && (b === 'detail' || b === 'attendees')) return lower(c);
  // Its bills, balances, rounds, and whether they are settled.
  if (a === 'bills' && b === 'consolidated') return lower(c);
  if (a === 'bills' && typeof b === 'string' && b !== 'consolidated') return lower(b);
  if (a === 'chat' && b === 'messages') return lower(c);
  return undefined;
}

function isMessagesData(data: unknown): data is MessagesData {
  const d = data as MessagesData | undefined;
  return Array.isArray(d?.pages) && Array.isArray(d.pageParams);
}

/** The newest `max` messages: whole pages from the newest, the last one cut (the next older page starts below it). */
export function trimMessages(data: unknown, max = MAX_MESSAGES_PER_ROOM): unknown {
  if (!isMessagesData(data)) return data;
  const pages: MessagesData['pages'] = [];
  let left = max;
  for (const page of data.pages) {
    if (left <= 0) break;
    const messages = Array.isArray(page.messages) ? page.messages.slice(0, left) : [];
    left -= messages.length;
    pages.push({ ...page, messages });
  }
  return { pages, pageParams: data.pageParams.slice(0, pages.length) };
}

function keep(query: DehydratedQuery, rooms: readonly string[]): DehydratedQuery | null {
  if (query.state.status !== 'success') return null;
  const key = query.queryKey;
  if (key[0] === offlineKeys.recentRooms[0] && key[1] === offlineKeys.recentRooms[1]) return query;
  const room = roomOfQuery(key);
  if (room === undefined || (room !== '' && !rooms.includes(room))) return null;
  if (key[0] === 'chat') {
    const { promise: _promise, ...rest } = query;
    return { ...rest, state: { ...query.state, data: trimMessages(query.state.data) } };
  }
  const { promise: _promise, ...rest } = query;
  return rest;
}

/**
 * The part of `state` kept offline: the user's rooms list and, for the `recent` rooms (most recent first, at most
 * MAX_RECENT_ROOMS), the room, its members, money and newest messages. Over the size cap, the least recent rooms
 * are dropped until it fits.
 */
export function selectForOffline(
  state: DehydratedState,
  recent: readonly string[],
  maxChars = MAX_PERSISTED_CHARS,
): DehydratedState {
  let rooms = recent.map((r) => r.toLowerCase()).slice(0, MAX_RECENT_ROOMS);
  for (;;) {
    const queries = state.queries.map((q) => keep(q, rooms)).filter((q): q is DehydratedQuery => q !== null);
    const selected: DehydratedState = { mutations: [], queries };
    if (rooms.length === 0 || JSON.stringify(selected).length <= maxChars) return selected;
    rooms = rooms.slice(0, -1);
  }
}
