import { useEffect, useRef, useState } from 'react';
import { ButtonSpinner } from './form/submit-button';
import { useT } from '@/lib/i18n/use-t';

interface LoadMoreProps {
  busy: boolean;
  failed: boolean;
  onLoadMore: () => void;
  /** What failed to load (default: "Could not load more."). */
  failedText?: string;
  /**
   * How many items are shown: when it grows after a page came in, a polite live region says how many more were
   * loaded (screen readers hear that the list went on without losing their place).
   */
  loadedCount?: number;
}

/**
 * The end of a list with more to come (docs/pagination.md): it asks for the next page as it scrolls into view
 * (IntersectionObserver, a screen's height ahead), and stays a button for browsers without the observer, keyboards
 * and screen readers. A failed page stops the automatic asking until the button is pressed; what is shown stays.
 */
export function LoadMore({ busy, failed, onLoadMore, failedText, loadedCount }: LoadMoreProps) {
  const t = useT();
  const sentinel = useRef<HTMLDivElement>(null);
  const load = useRef(onLoadMore);
  useEffect(() => {
    load.current = onLoadMore;
  });

  // Observing anew after each page: a sentinel still in view (a short page) reports itself again at once.
  useEffect(() => {
    const node = sentinel.current;
    if (!node || busy || failed || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          load.current();
        }
      },
      { rootMargin: '0px 0px 600px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [busy, failed]);

  return (
    <div ref={sentinel} className="flex flex-col items-center gap-2 py-2">
      <LoadedAnnouncer count={loadedCount} />
      {failed && (
        <p role="alert" className="text-sm text-red-800 dark:text-red-300">
          {failedText ?? t('common.loadMoreFailed')}
        </p>
      )}
      <button
        type="button"
        onClick={() => {
          if (!busy) onLoadMore();
        }}
        aria-busy={busy}
        aria-disabled={busy}
        className="inline-flex min-h-11 items-center justify-center gap-2 rounded-full bg-surface px-5 text-sm font-semibold text-brand-800 dark:text-brand-300 ring-1 ring-brand-200 dark:ring-brand-800 transition hover:bg-brand-50 dark:hover:bg-brand-950/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400 aria-disabled:cursor-not-allowed"
      >
        {busy && <ButtonSpinner className="size-4 text-brand-700 dark:text-brand-300" />}
        {busy ? t('common.loadingMore') : failed ? t('common.tryAgain') : t('common.loadMore')}
      </button>
    </div>
  );
}

/** "20 more loaded", said politely when `count` grows (not on the first render). */
function LoadedAnnouncer({ count }: { count: number | undefined }) {
  const t = useT();
  const [previous, setPrevious] = useState(count);
  const [added, setAdded] = useState(0);
  if (count !== previous) {
    setPrevious(count);
    setAdded(count !== undefined && previous !== undefined && count > previous ? count - previous : 0);
  }
  return (
    <p aria-live="polite" className="sr-only">
      {added > 0 ? t('common.loadedMore', { count: added }) : ''}
    </p>
  );
}

/** The parts of a `useInfiniteQuery` result that the end of a list needs. */
export interface InfiniteListState {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * `LoadMore` for a cursor list (lib/cursor-pages.ts) while it has a next page, after one live region that stays
 * mounted (also after the last page) and says how many more items came.
 */
export function ListMore({
  list,
  loadedCount,
  failedText,
  className = 'mt-3',
}: {
  list: InfiniteListState;
  loadedCount: number;
  failedText?: string;
  className?: string;
}) {
  return (
    <>
      <LoadedAnnouncer count={loadedCount} />
      {list.hasNextPage && (
        <div className={className}>
          <LoadMore
            busy={list.isFetchingNextPage}
            failed={list.isFetchNextPageError}
            onLoadMore={() => void list.fetchNextPage()}
            failedText={failedText}
          />
        </div>
      )}
    </>
  );
}
