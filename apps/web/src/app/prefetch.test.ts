import { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { roomKeys } from '@/lib/query-keys';
import { TOKEN_STORAGE_KEY } from '@/lib/token-storage';
import { routes, withPrefetch } from './router';

function find(list: RouteObject[], match: (route: RouteObject) => boolean): RouteObject | undefined {
  for (const route of list) {
    if (match(route)) return route;
    const inChild = route.children && find(route.children, match);
    if (inChild) return inChild;
  }
  return undefined;
}

const args = (params: Record<string, string>) =>
  ({ params, request: new Request('http://localhost/') }) as unknown as LoaderFunctionArgs;

describe('withPrefetch', () => {
  afterEach(() => localStorage.clear());

  it('gives only the home and room routes a loader, which returns at once and is not run again', () => {
    const list = withPrefetch(routes, new QueryClient());
    const home = find(list, (r) => r.index === true);
    const room = find(list, (r) => r.path === 'room/:roomId');
    const chat = find(list, (r) => r.path === 'room/:roomId/chat');
    expect(typeof home?.loader).toBe('function');
    expect(typeof room?.loader).toBe('function');
    expect(chat?.loader).toBeUndefined();
    expect(room?.shouldRevalidate?.({} as never)).toBe(false);
    // The app's own route list stays as it was.
    expect(find(routes, (r) => r.path === 'room/:roomId')?.loader).toBeUndefined();
  });

  it('signed in, starts the room call in the given client; signed out, asks for nothing', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const room = find(withPrefetch(routes, client), (r) => r.path === 'room/:roomId');
    const loader = room?.loader as (a: LoaderFunctionArgs) => unknown;

    expect(loader(args({ roomId: 'r-1' }))).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(client.getQueryCache().getAll()).toHaveLength(0);

    localStorage.setItem(TOKEN_STORAGE_KEY, 'header.payload.signature');
    expect(loader(args({ roomId: 'r-1' }))).toBeNull();
    await expect.poll(() => client.getQueryState(roomKeys.detail('r-1'))).toBeDefined();
  });
});
