import { QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { server } from '@/test/server';
import { API_BASE } from './api-client';
import {
  flattenPages,
  getCursorPage,
  prependToCursorPages,
  updateCursorPages,
  type CursorPages,
} from './cursor-pages';

type Item = { id: number; name: string };
const pages = (...lists: Item[][]): CursorPages<Item> => ({
  pages: lists.map((data, i) => ({ data, nextCursor: i < lists.length - 1 ? `c${i}` : null })),
  pageParams: lists.map((_, i) => (i === 0 ? null : `c${i - 1}`)),
});
const a = { id: 1, name: 'a' };
const b = { id: 2, name: 'b' };
const c = { id: 3, name: 'c' };

describe('getCursorPage', () => {
  it('asks for limit (20) and the cursor after the first page, and reads nextCursor beside data', async () => {
    const asked: string[] = [];
    server.use(
      http.get(`${API_BASE}/things`, ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json({ status: 'success', message: 'OK', data: [a], nextCursor: 'next_1' });
      }),
    );
    const item = z.object({ id: z.number(), name: z.string() });
    expect(await getCursorPage('/things', item, { cursor: null, query: { kind: 'x' } })).toEqual({
      data: [a],
      nextCursor: 'next_1',
    });
    await getCursorPage('/things', item, { cursor: 'next_1' });
    expect(asked).toEqual(['?kind=x&limit=20', '?limit=20&cursor=next_1']);
  });

  it('takes a missing nextCursor as the last page', async () => {
    server.use(
      http.get(`${API_BASE}/things`, () => HttpResponse.json({ status: 'success', message: 'OK', data: [] })),
    );
    const page = await getCursorPage('/things', z.object({ id: z.number(), name: z.string() }), {
      cursor: null,
    });
    expect(page.nextCursor).toBeNull();
  });
});

describe('editing the loaded pages', () => {
  it('updateCursorPages edits every page and leaves a non-paged entry under the same prefix alone', () => {
    const client = new QueryClient();
    client.setQueryData(['things'], pages([a, b], [c]));
    client.setQueryData(['things', 'all'], [a, b, c]);
    updateCursorPages<Item>(client, ['things'], (items) => items.filter((x) => x.id !== 3));
    expect(flattenPages(client.getQueryData<CursorPages<Item>>(['things']))).toEqual([a, b]);
    expect(client.getQueryData<CursorPages<Item>>(['things'])?.pages).toHaveLength(2);
    expect(client.getQueryData(['things', 'all'])).toEqual([a, b, c]);
  });

  it('prependToCursorPages moves an item to the top of the first page, once', () => {
    const client = new QueryClient();
    client.setQueryData(['things'], pages([a, b], [c]));
    prependToCursorPages(client, ['things'], { ...c, name: 'c2' });
    expect(flattenPages(client.getQueryData<CursorPages<Item>>(['things']))).toEqual([
      { id: 3, name: 'c2' },
      a,
      b,
    ]);
  });

  it('leaves an empty cache empty', () => {
    const client = new QueryClient();
    updateCursorPages<Item>(client, ['things'], (items) => items);
    expect(client.getQueryData(['things'])).toBeUndefined();
  });
});
