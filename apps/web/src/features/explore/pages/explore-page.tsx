import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { SearchBox } from '@/components/search-box';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useT } from '@/lib/i18n/use-t';
import { ExploreResults } from '../components/explore-results';

/** The wait after typing before searching (docs/product.md#constants). */
export const EXPLORE_SEARCH_DEBOUNCE_MS = 300;

/**
 * The Explore tab (issue #20 item 10): upcoming public outings, soonest first, searchable by name or venue. The
 * search lives in the URL (`?q=`), so a reload or a shared link keeps it.
 */
export default function ExplorePage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const [text, setText] = useState(params.get('q') ?? '');
  const typed = useDebouncedValue(text.trim(), EXPLORE_SEARCH_DEBOUNCE_MS);
  // The URL can change without typing (the Explore tab again, back and forward): the box follows it.
  const [shownQ, setShownQ] = useState(q);
  if (q !== shownQ) {
    setShownQ(q);
    if (q !== text.trim()) setText(q);
  }

  useEffect(() => {
    if (typed === q) return;
    setParams(typed ? { q: typed } : {}, { replace: true });
    // Only the typing moves the URL; `q` is read, not watched.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed]);

  return (
    <>
      <PageHeader title={t('explore.title')} />
      <div className="flex flex-col gap-4 px-4 py-4">
        <p className="px-1 text-sm text-slate-600">{t('explore.intro')}</p>
        <SearchBox
          label={t('explore.searchLabel')}
          placeholder={t('explore.searchPlaceholder')}
          value={text}
          maxLength={100}
          onChange={setText}
        />
        <ExploreResults q={q} />
      </div>
    </>
  );
}
