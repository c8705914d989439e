import { useId, useRef, useState } from 'react';
import { MagnifyingGlassIcon, UserGroupIcon, XMarkIcon } from '@heroicons/react/24/outline';
import { XCircleIcon } from '@heroicons/react/20/solid';
import { Spinner } from '../../../components/spinner';
import { useUserSearch } from '../api/search-users';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { NO_USERS_FOUND } from '../messages';
import { Dialog } from '../../../components/dialog';
import { SearchResultRow } from './search-result-row';

/** Product-spec §5, §9: the friend search waits for a 300 ms pause in typing. */
export const FRIEND_SEARCH_DEBOUNCE_MS = 300;

function SearchResults({ query }: { query: string }) {
  const search = useUserSearch(query);

  if (query === '') {
    return (
      <div className="flex flex-col items-center gap-2 py-10 text-center text-sm text-slate-600">
        <UserGroupIcon aria-hidden="true" className="size-8 text-slate-400" />
        Search by username to find people to add.
      </div>
    );
  }
  if (search.isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner label="Searching" className="size-8" />
      </div>
    );
  }
  if (search.isError) {
    return (
      <div role="alert" className="py-10 text-center text-sm font-medium text-red-700">
        Could not search right now. Please try again.
      </div>
    );
  }
  if (search.data.length === 0) {
    return (
      <p role="status" className="py-10 text-center text-sm font-medium text-slate-700">
        {NO_USERS_FOUND}
      </p>
    );
  }
  return (
    <ul
      aria-label="Search results"
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
  const [text, setText] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const debounced = useDebouncedValue(text.trim(), FRIEND_SEARCH_DEBOUNCE_MS);
  // A blank box clears the results at once; anything else is searched after the pause.
  const query = text.trim() === '' ? '' : debounced;

  return (
    <Dialog
      title="Add Friend"
      onClose={onClose}
      initialFocusRef={inputRef}
      headerAction={
        <button
          type="button"
          onClick={onClose}
          aria-label="Close"
          className="-mr-2 inline-flex size-11 items-center justify-center rounded-full text-slate-600 transition hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <XMarkIcon aria-hidden="true" className="size-6" />
        </button>
      }
    >
      <div className="px-5 pt-2 pb-3">
        <label htmlFor={inputId} className="sr-only">
          Search by username
        </label>
        <div className="relative">
          <MagnifyingGlassIcon
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-slate-500"
          />
          <input
            id={inputId}
            ref={inputRef}
            type="text"
            inputMode="search"
            enterKeyHint="search"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="Search by username"
            value={text}
            onChange={(event) => setText(event.target.value)}
            className="block h-12 w-full rounded-xl border border-slate-300 bg-white pr-12 pl-11 text-base text-slate-900 shadow-xs transition placeholder:text-slate-500 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
          />
          {text !== '' && (
            <button
              type="button"
              onClick={() => {
                setText('');
                inputRef.current?.focus();
              }}
              aria-label="Clear search"
              className="absolute inset-y-0 right-0.5 inline-flex w-11 items-center justify-center rounded-lg text-slate-500 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <XCircleIcon aria-hidden="true" className="size-5" />
            </button>
          )}
        </div>
      </div>
      <div className="min-h-64 overflow-y-auto overscroll-contain px-5 pb-5">
        <SearchResults query={query} />
      </div>
    </Dialog>
  );
}
