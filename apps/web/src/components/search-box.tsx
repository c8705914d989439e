import { useId, type InputHTMLAttributes, type Ref } from 'react';
import { MagnifyingGlassIcon } from '@heroicons/react/24/outline';
import { XCircleIcon } from '@heroicons/react/20/solid';
import { useT } from '@/lib/i18n/use-t';

export interface SearchBoxProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'className' | 'value' | 'onChange' | 'type'
> {
  /** The accessible name (a visually hidden label). */
  label: string;
  value: string;
  onChange: (text: string) => void;
  /** After the clear button; clearing the text when not given. */
  onClear?: () => void;
  /** `search` is announced as a search box; `text` as a plain text box. */
  type?: 'search' | 'text';
  ref?: Ref<HTMLInputElement>;
  /** Of the wrapper around the label and the box. */
  className?: string;
}

/**
 * A text box with a magnifying glass and a clear button while it holds text. It only holds the text: the caller
 * debounces it (hooks/use-debounced-value.ts) with the wait its search wants.
 */
export function SearchBox({
  label,
  value,
  onChange,
  onClear,
  type = 'search',
  ref,
  className,
  ...input
}: SearchBoxProps) {
  const t = useT();
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div className="relative">
        <MagnifyingGlassIcon
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-slate-500"
        />
        <input
          id={id}
          ref={ref}
          type={type}
          enterKeyHint="search"
          autoComplete="off"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className="block h-12 w-full appearance-none rounded-xl border border-slate-300 bg-surface pr-12 pl-11 text-base text-slate-900 shadow-xs transition placeholder:text-slate-500 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 dark:focus:ring-brand-800 focus:outline-none [&::-webkit-search-cancel-button]:hidden"
          {...input}
        />
        {value !== '' && (
          <button
            type="button"
            onClick={onClear ?? (() => onChange(''))}
            aria-label={t('common.clearSearch')}
            className="absolute inset-y-0 right-0.5 inline-flex w-11 items-center justify-center rounded-lg text-slate-500 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400"
          >
            <XCircleIcon aria-hidden="true" className="size-5" />
          </button>
        )}
      </div>
    </div>
  );
}
