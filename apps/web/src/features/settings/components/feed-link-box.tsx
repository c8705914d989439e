import { useId, useRef } from 'react';
import { CalendarDaysIcon, ClipboardDocumentIcon } from '@heroicons/react/24/outline';
import { useToast } from '@/hooks/use-toast';
import { useT } from '@/lib/i18n/use-t';
import { copyToClipboard, webcalUrl } from '../lib/feed-link';

/**
 * The new secret link, shown once (the server keeps only its hash): copy it into a calendar app, or open it as a
 * `webcal://` subscription. When copying is refused the text is selected for the person to copy themselves.
 */
export function FeedLinkBox({ url }: { url: string }) {
  const t = useT();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const toast = useToast();

  const copy = async () => {
    if (await copyToClipboard(url)) {
      toast.success(t('settings.feed.copied'));
    } else {
      input.current?.select();
      toast.error(t('settings.feed.copyFailed'));
    }
  };

  return (
    <div className="flex flex-col gap-3 rounded-xl bg-brand-50 dark:bg-brand-950/40 p-3 ring-1 ring-brand-100 dark:ring-brand-800">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {t('settings.feed.yourLink')}
      </label>
      <input
        id={id}
        ref={input}
        readOnly
        value={url}
        onFocus={(event) => event.currentTarget.select()}
        aria-describedby={`${id}-hint`}
        className="block h-11 w-full rounded-lg border border-slate-300 bg-surface px-3 font-mono text-sm text-slate-900"
      />
      <p id={`${id}-hint`} className="text-xs text-slate-700">
        {t('settings.feed.shownOnce')}
      </p>
      <div className="flex flex-col gap-2">
        <a
          href={webcalUrl(url)}
          className="inline-flex min-h-11 items-center justify-center gap-2 rounded-full bg-brand-600 px-4 text-sm font-semibold text-white transition hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400"
        >
          <CalendarDaysIcon aria-hidden="true" className="size-5" />
          {t('settings.feed.open')}
        </a>
        <button
          type="button"
          onClick={() => void copy()}
          className="inline-flex min-h-11 items-center justify-center gap-2 rounded-full bg-surface px-4 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 transition hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400"
        >
          <ClipboardDocumentIcon aria-hidden="true" className="size-5" />
          {t('settings.feed.copy')}
        </button>
      </div>
    </div>
  );
}
