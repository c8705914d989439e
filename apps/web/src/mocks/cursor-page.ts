import { HttpResponse } from 'msw';
import { fail, ok } from './envelope';

/**
 * Mock mode's cursor pages (docs/pagination.md) over a list already in its order: without `limit` and `cursor` the
 * whole list as before; with them one page and `nextCursor`: `keyOf` the page's last item when given (as the real
 * one, the last item's sort key), else `i<index of the next item>`; opaque to the client either way. A cursor that is
 * not one of these answers 400.
 */
export function okPage<T>(all: T[], request: Request, keyOf?: (item: T) => string) {
  const query = new URL(request.url).searchParams;
  const limitText = query.get('limit');
  const cursor = query.get('cursor');
  if (limitText === null && cursor === null) return ok(all);
  const limit = limitText === null ? 50 : Number(limitText);
  const from = cursor === null ? 0 : keyOf ? afterKey(all, cursor, keyOf) : indexIn(cursor);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100 || !Number.isInteger(from)) {
    return fail(400, 'VALIDATION', 'This page is out of date; start again from the first page.', [
      { path: 'cursor', message: 'Not a cursor this server gave out' },
    ]);
  }
  const page = all.slice(from, from + limit);
  const last = page.at(-1);
  const more = from + limit < all.length && last !== undefined;
  const nextCursor = !more ? null : keyOf ? keyOf(last) : `i${from + limit}`;
  return HttpResponse.json({ status: 'success', message: 'OK', data: page, nextCursor });
}

const indexIn = (cursor: string) => (/^i\d+$/.test(cursor) ? Number(cursor.slice(1)) : NaN);

function afterKey<T>(all: T[], cursor: string, keyOf: (item: T) => string): number {
  const at = all.findIndex((item) => keyOf(item) === cursor);
  return at < 0 ? NaN : at + 1;
}
