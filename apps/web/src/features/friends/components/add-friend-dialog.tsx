import { useRef, useState } from 'react';
import { UserGroupIcon } from '@heroicons/react/24/outline';
import { SearchBox } from '@/components/search-box';
import { Spinner } from '@/components/spinner';
import { useUserSearch } from '../api/search-users';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useT } from '@/lib/i18n/use-t';
import { Dialog, DialogCloseButton } from '@/components/dialog';
import { SearchResultRow } from './search-result-row';

/** docs/product.md#friends, #constants: the friend search waits for a 300 ms pause in typing. */
export const FRIEND_SEARCH_DEBOUNCE_MS = 300;
/** The server refuses a longer query (400); no username is longer than 30 anyway. */
export const FRIEND_SEARCH_MAX_LENGTH = 100;

function SearchResults({ query }: { query: string }) {
  const t = useT();
  const search = useUserSearch(query);

  if (query === '') {
    return (
      <div className="flex flex-col items-center gap-2 py-10 text-center text-sm text-slate-600">
        <UserGroupIcon aria-hidden="true" className="size-8 text-slate-400" />
        {t('friends.search.prompt')}
      </div>
    );
  }
  if (search.isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner label={t('friends.search.searching')} className="size-8" />
      </div>
    );
  }
  if (search.isError) {
    return (
      <div role="alert" className="py-10 text-center text-sm font-medium text-red-700 dark:text-red-300">
        {t('friends.search.failed')}
      </div>
    );
  }
  if (search.data.length === 0) {
    return (
      <p role="status" className="py-10 text-center text-sm font-medium text-slate-700">
        {t('friends.search.noUsers')}
      </p>
    );
  }
  return (
    <ul
      aria-label={t('friends.search.results')}
      aria-busy={search.isPlaceholderData}
      className={`divide-y divide-slate-100 transition-opacity ${search.isPlaceholderData ? 'opacity-60' : ''}`}
    >
      {search.data.map((result) => (
        <SearchResultRow key={result.id} result={result} />
      ))}
    </ul>
  );
}

/** Find people by username and send them friend requests. */
export function AddFriendDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const [text, setText] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const debounced = useDebouncedValue(text.trim(), FRIEND_SEARCH_DEBOUNCE_MS);
  // A blank box clears the results at once; anything else is searched after the pause.
  const query = text.trim() === '' ? '' : debounced;

  return (
    <Dialog
      title={t('friends.addFriend')}
      onClose={onClose}
      initialFocusRef={inputRef}
      headerAction={<DialogCloseButton onClose={onClose} />}
    >
      <SearchBox
        className="px-5 pt-2 pb-3"
        label={t('friends.search.label')}
        ref={inputRef}
        type="text"
        inputMode="search"
        autoCapitalize="none"
        spellCheck={false}
        placeholder={t('friends.search.label')}
        maxLength={FRIEND_SEARCH_MAX_LENGTH}
        value={text}
        onChange={setText}
        onClear={() => {
          setText('');
          inputRef.current?.focus();
        }}
      />
      <div className="min-h-64 overflow-y-auto overscroll-contain px-5 pb-5">
        <SearchResults query={query} />
      </div>
    </Dialog>
  );
}
