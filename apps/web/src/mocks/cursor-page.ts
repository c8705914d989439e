import { HttpResponse } from 'msw';
import { fail, ok } from './envelope';

/**
 * Mock mode's cursor pages (docs/pagination.md) over a list already in its order: without `limit` and `cursor` the
 * whole list as before; with them one page and `nextCursor` (here `i<index of the next item>`; the real one is the
 * last item's sort key, and opaque to the client either way). A cursor that is not one of these answers 400.
 */
export function okPage<T>(all: T[], request: Request) {
  const query = new URL(request.url).searchParams;
  const limitText = query.get('limit');
  const cursor = query.get('cursor');
  if (limitText === null && cursor === null) return ok(all);
  const limit = limitText === null ? 50 : Number(limitText);
  const from = cursor === null ? 0 : /^i\d+$/.test(cursor) ? Number(cursor.slice(1)) : NaN;
  if (!Number.isInteger(limit) || limit < 1 || limit > 100 || !Number.isInteger(from)) {
    return fail(400, 'VALIDATION', 'This page is out of date; start again from the first page.', [
      { path: 'cursor', message: 'Not a cursor this server gave out' },
    ]);
  }
  const page = all.slice(from, from + limit);
  const nextCursor = from + limit < all.length ? `i${from + limit}` : null;
  return HttpResponse.json({ status: 'success', message: 'OK', data: page, nextCursor });
}
