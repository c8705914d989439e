import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from './query-client';
import { invalidateAfterConnect } from '@/app/realtime/cache-sync';

describe('createQueryClient', () => {
  afterEach(() => vi.useRealTimers());

  // The router's loaders start the first screen's calls before React renders (app/router.tsx withPrefetch): the
  // client records when calls start from its creation, so that a socket opening later re-reads what they read.
  it('records when calls start from its creation, for the catch-up after a connect', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const client = createQueryClient();
    let answer: (value: number) => void = () => {};
    const started = client.prefetchQuery({
      queryKey: ['balances'],
      queryFn: () => new Promise<number>((resolve) => (answer = resolve)),
    });
    vi.setSystemTime(Date.now() + 100);
    const openedAt = Date.now();
    // Answered after the socket opened: its data is newer than the open, its call is not.
    vi.setSystemTime(Date.now() + 100);
    answer(1);
    await started;
    expect(client.getQueryState(['balances'])?.dataUpdatedAt).toBeGreaterThan(openedAt);
    invalidateAfterConnect(client, 7, openedAt);
    expect(client.getQueryState(['balances'])?.isInvalidated).toBe(true);
    client.clear();
  });
});
