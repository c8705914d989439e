import { http, HttpResponse } from 'msw';
import { API_BASE } from '@/lib/api-client';
import { fail, ok } from './envelope';
import type { RoomsStore } from './rooms/store';

// Mock mode of Explore (contract plans.ts exploreQuery/exploreResponse): GET /rooms/public with q, limit and a
// keyset cursor over (startsAt, id), on the rooms mock's state. Registered before the rooms' own handler.

const encodeCursor = (startsAt: string, id: string) => btoa(JSON.stringify([startsAt, id]));

function decodeCursor(cursor: string): [string, string] | null {
  try {
    const value: unknown = JSON.parse(atob(cursor));
    return Array.isArray(value) && value.length === 2 && value.every((v) => typeof v === 'string')
      ? (value as [string, string])
      : null;
  } catch {
    return null;
  }
}

export function exploreHandlers({ asMe, isMember, pendingInvite, state, toRoom }: RoomsStore) {
  return [
    http.get(
      `${API_BASE}/rooms/public`,
      asMe(({ me, request }) => {
        const params = new URL(request.url).searchParams;
        const q = (params.get('q') ?? '').trim().toLowerCase();
        const limitText = params.get('limit');
        const cursorText = params.get('cursor');
        if (q.length > 100) return fail(400, 'VALIDATION', 'Search at most 100 characters');
        const limit = limitText === null ? null : Number(limitText);
        if (limit !== null && !(Number.isInteger(limit) && limit >= 1 && limit <= 50)) {
          return fail(400, 'VALIDATION', 'limit must be a whole number from 1 to 50');
        }
        const cursor = cursorText === null ? null : decodeCursor(cursorText);
        if (cursorText !== null && !cursor) return fail(400, 'VALIDATION', 'That page link is not valid.');
        const now = new Date().toISOString();
        const rooms = state.rooms
          .filter((r) => !r.isClosed && !r.isPrivate && !isMember(r, me.id) && !pendingInvite(r.id, me.id))
          .map((r) => toRoom(r, me))
          .filter((r) => r.startsAt > now)
          .filter((r) => !q || r.name.toLowerCase().includes(q) || r.venue.toLowerCase().includes(q))
          .sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.id.localeCompare(b.id));
        // Without a limit: the soonest 50 in one answer (older clients).
        if (limit === null) return ok(rooms.slice(0, 50));
        const after = cursor
          ? rooms.filter((r) => r.startsAt > cursor[0] || (r.startsAt === cursor[0] && r.id > cursor[1]))
          : rooms;
        const page = after.slice(0, limit);
        const last = page.at(-1);
        const nextCursor = after.length > limit && last ? encodeCursor(last.startsAt, last.id) : null;
        return HttpResponse.json({ status: 'success', message: 'OK', data: page, nextCursor });
      }),
    ),
  ];
}
