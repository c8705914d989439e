import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_PAGE_LIMIT } from '@outing/contract';
import { badRequest } from './errors.js';

/**
 * Keyset cursors of the bounded lists (issue #22, docs/pagination.md): the sort key of a page's last row, as a JSON
 * array in base64url. Opaque to clients; decoded against the shape its list expects, so anything else (an edited
 * cursor, another list's) is a 400 with the field named, never a query with odd values.
 *  - `us`: a timestamp as microseconds since the epoch (a Date would lose the microseconds PostgreSQL keeps)
 *  - `int`: a positive 32-bit integer id
 *  - `text`: a string of at most 200 characters
 *  - `uuid`: a lower-case uuid
 */
export type CursorKind = 'us' | 'int' | 'text' | 'uuid';
type ValueOf<K extends CursorKind> = K extends 'int' ? number : string;
export type CursorValues<T extends readonly CursorKind[]> = { [I in keyof T]: ValueOf<T[I]> };

export const encodeCursor = (values: readonly (string | number)[]) =>
  Buffer.from(JSON.stringify(values)).toString('base64url');

const valid: Record<CursorKind, (v: unknown) => boolean> = {
  us: (v) => typeof v === 'string' && /^-?\d{1,19}$/.test(v),
  int: (v) => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 2_147_483_647,
  text: (v) => typeof v === 'string' && v.length <= 200,
  uuid: (v) =>
    typeof v === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(v),
};

export function decodeCursor<const T extends readonly CursorKind[]>(
  raw: string,
  kinds: T,
  list: string,
): CursorValues<T> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  if (!Array.isArray(parsed) || parsed.length !== kinds.length || !kinds.every((k, i) => valid[k](parsed[i])))
    throw badRequest(
      `This page of ${list} is out of date; start again from the first page.`,
      [{ path: 'cursor', message: 'Not a cursor this server gave out' }],
      'STALE_CURSOR',
    );
  return parsed as CursorValues<T>;
}

/** A `us` cursor value back as a timestamptz, exactly (no floating point between). */
export const usTimestamp = (us: string) =>
  sql`(timestamptz 'epoch' + ${us}::bigint * interval '1 microsecond')`;

/** The microseconds since the epoch of a timestamptz column, as text (the `us` value of a cursor). */
export const usOf = (column: SQL) => sql<string>`(extract(epoch FROM ${column}) * 1000000)::bigint::text`;

/** Whether the caller asked for pages: a `limit`, a `cursor`, or both. */
export const wantsPage = (q: { limit?: number; cursor?: string }) =>
  q.limit !== undefined || q.cursor !== undefined;

/** The page size to read (one more row is read to know whether there is a next page). */
export const pageLimit = (q: { limit?: number }) => q.limit ?? DEFAULT_PAGE_LIMIT;

/** Cuts the `limit + 1` rows read into the page and its `nextCursor` (null when nothing follows). */
export function keysetPage<R>(
  rows: R[],
  limit: number,
  keyOf: (row: R) => readonly (string | number)[],
): { page: R[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { page, nextCursor: rows.length > limit && last ? encodeCursor(keyOf(last)) : null };
}
