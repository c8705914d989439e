import {
  infiniteQueryOptions,
  type InfiniteData,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { z } from 'zod';
import type { EndpointData, EndpointDeclaration, PathParamNames } from '@outing/contract';
import { apiRequest, callEndpoint, type CallInput, type QueryParams } from './api-client';

/**
 * Bounded lists (issue #22 item 2, docs/pagination.md): every list the web app reads comes one keyset page at a
 * time (`?limit&cursor`, the envelope's `nextCursor` beside `data`, null on the last page). This file is the one
 * way to read such a list, to keep it in TanStack Query's infinite shape, and to edit it after a mutation or a
 * socket frame; `components/load-more.tsx` is its end of list on screen.
 */

/** Items per page of the web app's lists (the API allows 1–100). */
export const LIST_PAGE_SIZE = 20;

export interface CursorPage<T> {
  data: T[];
  /** Pass as `cursor` for the next page; null on the last one. */
  nextCursor: string | null;
}

export type CursorPages<T> = InfiniteData<CursorPage<T>>;

/** The envelope's `nextCursor` beside `data`: a string, else null (the last page, or an answer without one). */
export function nextCursorOf(answer: { extra?: Record<string, unknown> }): string | null {
  const next = answer.extra?.nextCursor;
  return typeof next === 'string' ? next : null;
}

/** One page of `path`: `query` plus `limit` and, after the first page, `cursor`. */
export async function getCursorPage<T>(
  path: string,
  itemSchema: z.ZodType<T>,
  {
    cursor,
    query = {},
    limit = LIST_PAGE_SIZE,
    signal,
  }: { cursor: string | null; query?: QueryParams; limit?: number; signal?: AbortSignal },
): Promise<CursorPage<T>> {
  const params: QueryParams = { ...query, limit };
  if (cursor) params.cursor = cursor;
  const answer = await apiRequest(path, { query: params, schema: z.array(itemSchema), signal });
  return { data: answer.data, nextCursor: nextCursorOf(answer) };
}

/** A declared list endpoint (its `data` an array, `nextCursor` beside it). */
type ListEndpoint = EndpointDeclaration & { data: z.ZodArray };
type ItemOf<E extends ListEndpoint> = EndpointData<E> extends (infer T)[] ? T : never;

/**
 * One page of a declared list endpoint: `query` plus `limit` and, after the first page, `cursor` (in that order in
 * the URL, as `getCursorPage` writes it).
 */
export async function getEndpointPage<E extends ListEndpoint>(
  endpoint: E,
  {
    params,
    cursor,
    query = {},
    limit = LIST_PAGE_SIZE,
    signal,
  }: {
    cursor: string | null;
    query?: CallInput<E>['query'];
    limit?: number;
    signal?: AbortSignal;
  } & ([PathParamNames<E['path']>] extends [never]
    ? { params?: undefined }
    : { params: Record<PathParamNames<E['path']>, string | number> }),
): Promise<CursorPage<ItemOf<E>>> {
  const page: QueryParams = { ...(query as QueryParams), limit };
  if (cursor) page.cursor = cursor;
  const answer = await callEndpoint(endpoint, { params, query: page, signal } as unknown as CallInput<E>);
  return { data: answer.data as ItemOf<E>[], nextCursor: nextCursorOf(answer) };
}

/** The infinite query of one cursor list: first page without a cursor, then each page's `nextCursor`. */
export function cursorListOptions<T, K extends QueryKey>({
  queryKey,
  fetchPage,
}: {
  queryKey: K;
  fetchPage: (cursor: string | null, signal: AbortSignal) => Promise<CursorPage<T>>;
}) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: CursorPage<T>) => last.nextCursor ?? undefined,
  });
}

/** Every item loaded so far, in the list's order. */
export function flattenPages<T>(data: CursorPages<T> | undefined): T[] {
  return data ? data.pages.flatMap((page) => page.data) : [];
}

/**
 * Rewrites the loaded items of the cached list(s) under `queryKey` (a prefix matches several), page by page, without
 * a request: `update` gets one page's items and answers that page's new items (filter to remove, map to change).
 */
export function updateCursorPages<T>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  update: (items: T[], pageIndex: number) => T[],
) {
  queryClient.setQueriesData<CursorPages<T>>({ queryKey }, (data) =>
    data && Array.isArray(data.pages)
      ? { ...data, pages: data.pages.map((page, index) => ({ ...page, data: update(page.data, index) })) }
      : data,
  );
}

/** Puts `item` at the top of the cached list(s) under `queryKey` (a new item of a newest-first list). */
export function prependToCursorPages<T extends { id: unknown }>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  item: T,
) {
  updateCursorPages<T>(queryClient, queryKey, (items, index) =>
    index === 0
      ? [item, ...items.filter((other) => other.id !== item.id)]
      : items.filter((o) => o.id !== item.id),
  );
}
