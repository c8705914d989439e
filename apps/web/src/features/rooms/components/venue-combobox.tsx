import { useId, useState, type KeyboardEvent, type Ref } from 'react';
import { CheckCircleIcon, MapPinIcon } from '@heroicons/react/20/solid';
import type { Venue } from '@outing/contract';
import { FieldError } from '@/components/form/text-field';
import { Spinner } from '@/components/spinner';
import { useT } from '@/lib/i18n/use-t';
import { isApiError, refusalText } from '@/lib/api-error';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useVenueSearch, VENUE_SEARCH_MIN_LENGTH } from '../api/search-venues';

/** docs/product.md#form-rules, #constants: the venue search waits for a 500 ms pause in typing. */
export const VENUE_SEARCH_DEBOUNCE_MS = 500;

/** What the field holds: the typed text, and the venue picked from the results (null until one is). */
export interface VenueValue {
  text: string;
  picked: Venue | null;
}

export const emptyVenue: VenueValue = { text: '', picked: null };

interface VenueComboboxProps {
  value: VenueValue;
  onChange: (value: VenueValue) => void;
  onBlur?: () => void;
  error?: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A venue is picked from the search results (ARIA combobox with a listbox). Typing after a pick clears it: the
 * form then refuses to submit until a result is picked again.
 */
export function VenueCombobox({ value, onChange, onBlur, error, ref }: VenueComboboxProps) {
  const t = useT();
  const id = useId();
  const listboxId = `${id}-listbox`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  const trimmed = value.text.trim();
  // Nothing is searched for a picked venue; typing starts the 500 ms wait afresh.
  const debounced = useDebouncedValue(value.picked ? '' : trimmed, VENUE_SEARCH_DEBOUNCE_MS);
  const query = value.picked || trimmed.length < VENUE_SEARCH_MIN_LENGTH ? '' : debounced;
  const search = useVenueSearch(query);
  const results = query.length >= VENUE_SEARCH_MIN_LENGTH ? (search.data ?? []) : [];
  const asked = query.length >= VENUE_SEARCH_MIN_LENGTH;
  const expanded = open && !value.picked && asked;
  const activeIndex = active < results.length ? active : -1;
  const showList = expanded && !search.isPending && results.length > 0;

  const pick = (venue: Venue) => {
    onChange({ text: venue.name, picked: venue });
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (results.length === 0) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + results.length) % results.length);
    } else if (event.key === 'Enter' && expanded && activeIndex >= 0) {
      event.preventDefault();
      pick(results[activeIndex]!);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setOpen(false);
    }
  };

  let status: string;
  if (!asked) status = '';
  else if (search.isPending || (search.isFetching && search.isPlaceholderData))
    status = t('rooms.venue.searching');
  else if (search.isError) status = '';
  else if (results.length === 0) status = t('rooms.venue.none');
  else status = t('rooms.venue.found', { count: results.length });

  const searchError = asked && search.isError && !search.isFetching;
  const errorText =
    isApiError(search.error) && search.error.status === 502
      ? refusalText(search.error)
      : t('rooms.venue.searchFailed');

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {t('rooms.venue.label')}
      </label>
      <div className="relative">
        <MapPinIcon
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-slate-500"
        />
        <input
          id={id}
          ref={ref}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listboxId}
          aria-activedescendant={expanded && activeIndex >= 0 ? `${id}-option-${activeIndex}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : hintId}
          autoComplete="off"
          enterKeyHint="search"
          placeholder={t('rooms.venue.placeholder')}
          value={value.text}
          onChange={(event) => {
            onChange({ text: event.target.value, picked: null });
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => {
            setOpen(false);
            onBlur?.();
          }}
          onKeyDown={onKeyDown}
          className={`block h-12 w-full rounded-xl border bg-surface pr-11 pl-11 text-base text-slate-900 shadow-xs transition placeholder:text-slate-400 focus:ring-2 focus:outline-none ${
            error
              ? 'border-red-600 dark:border-red-400 focus:border-red-600 dark:focus:border-red-400 focus:ring-red-200 dark:focus:ring-red-800'
              : 'border-slate-300 focus:border-brand-500 focus:ring-brand-200 dark:focus:ring-brand-800'
          }`}
        />
        {value.picked && (
          <CheckCircleIcon
            aria-hidden="true"
            data-testid="venue-picked"
            className="pointer-events-none absolute top-1/2 right-3.5 size-5 -translate-y-1/2 text-emerald-600 dark:text-emerald-300"
          />
        )}
        <ul
          id={listboxId}
          role="listbox"
          aria-label={t('rooms.venue.listLabel')}
          hidden={!showList}
          className="absolute inset-x-0 top-full z-20 mt-1 max-h-72 overflow-y-auto rounded-xl bg-surface py-1 shadow-lg ring-1 ring-slate-200"
        >
          {results.map((venue, index) => (
            <li
              key={`${venue.googleMapsPlaceId}-${index}`}
              id={`${id}-option-${index}`}
              role="option"
              aria-selected={index === activeIndex}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(venue)}
              className={`flex min-h-11 cursor-pointer items-start gap-2.5 px-3.5 py-2.5 ${
                index === activeIndex ? 'bg-brand-50 dark:bg-brand-950/40' : 'hover:bg-slate-50'
              }`}
            >
              <MapPinIcon
                aria-hidden="true"
                className="mt-0.5 size-5 shrink-0 text-brand-600 dark:text-brand-300"
              />
              <span className="flex min-w-0 flex-col">
                <span className="font-medium break-words text-slate-900">{venue.name}</span>
                {venue.address && <span className="text-sm text-slate-600">{venue.address}</span>}
              </span>
            </li>
          ))}
        </ul>
        {expanded && !showList && status && (
          <div className="absolute inset-x-0 top-full z-20 mt-1 flex min-h-11 items-center gap-2 rounded-xl bg-surface px-3.5 py-2.5 text-sm text-slate-600 shadow-lg ring-1 ring-slate-200">
            {search.isPending && <Spinner label={t('rooms.venue.searchingShort')} className="size-4" />}
            {status}
          </div>
        )}
      </div>
      <span role="status" className="sr-only">
        {expanded ? status : ''}
      </span>
      {error ? (
        <FieldError id={errorId} message={error} />
      ) : (
        <p id={hintId} className="flex items-start gap-1 text-sm text-slate-600">
          {value.picked ? (
            <span className="text-emerald-800 dark:text-emerald-300">
              {value.picked.address
                ? t('rooms.venue.selectedWithAddress', {
                    name: value.picked.name,
                    address: value.picked.address,
                  })
                : t('rooms.venue.selected', { name: value.picked.name })}
            </span>
          ) : (
            t('rooms.venue.hint')
          )}
        </p>
      )}
      {searchError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {errorText}
        </p>
      )}
    </div>
  );
}
