import { useEffect } from 'react';

/** The parts of a `useInfiniteQuery` result needed to ask for more pages. */
interface PagedList {
  hasNextPage: boolean;
  isFetching: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * Asks for the next page of a cursor list (lib/cursor-pages.ts) while `wanted`: what a screen looks for (a linked
 * item, the items behind a total) is not among the loaded pages yet. One page at a time, never during another fetch
 * (a next page would cancel a refetch), and it stops at the list's end or after a failed page.
 */
export function useLoadPagesUntil(list: PagedList, wanted: boolean) {
  const { hasNextPage, isFetching, isFetchNextPageError, fetchNextPage } = list;
  useEffect(() => {
    if (wanted && hasNextPage && !isFetching && !isFetchNextPageError) void fetchNextPage();
  }, [wanted, hasNextPage, isFetching, isFetchNextPageError, fetchNextPage]);
}
