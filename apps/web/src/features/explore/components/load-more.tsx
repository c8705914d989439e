import { useEffect, useRef } from 'react';
import { ButtonSpinner } from '../../../components/form/submit-button';
import { useT } from '../../../i18n/use-t';

interface LoadMoreProps {
  busy: boolean;
  failed: boolean;
  onLoadMore: () => void;
  /** What failed to load (default: Explore's "Could not load more outings."). */
  failedText?: string;
}

/**
 * The end of a list with more to come: it asks for the next page as it scrolls into view (IntersectionObserver,
 * a screen's height ahead), and stays a button for browsers without the observer, keyboards and screen readers.
 * A failed page stops the automatic asking until the button is pressed.
 */
export function LoadMore({ busy, failed, onLoadMore, failedText }: LoadMoreProps) {
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
      {failed && (
        <p role="alert" className="text-sm text-red-800 dark:text-red-300">
          {failedText ?? t('explore.loadMoreFailed')}
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
        {busy ? t('explore.loadingMore') : failed ? t('common.tryAgain') : t('explore.loadMore')}
      </button>
    </div>
  );
}
