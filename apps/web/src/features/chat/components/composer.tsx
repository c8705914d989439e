import { useLayoutEffect, useRef, type FormEvent, type KeyboardEvent } from 'react';
import { LockClosedIcon, PaperAirplaneIcon } from '@heroicons/react/24/solid';
import { CHAT_MAX_LENGTH } from '@outing/contract';
import { useT } from '@/lib/i18n/use-t';

/** The textarea grows with its text up to this height, then scrolls. */
const MAX_HEIGHT_PX = 128;

interface ComposerProps {
  draft: string;
  onDraftChange: (draft: string) => void;
  /** Called with the draft when it has more than whitespace. */
  onSend: (content: string) => void;
  closed: boolean;
}

/** Enter sends, Shift+Enter starts a new line; an empty or blank draft is never sent (docs/product.md#chat). */
export function Composer({ draft, onDraftChange, onSend, closed }: ComposerProps) {
  const t = useT();
  const input = useRef<HTMLTextAreaElement>(null);
  const blank = draft.trim() === '';

  useLayoutEffect(() => {
    const el = input.current;
    if (!el) return;
    el.style.height = 'auto';
    if (el.scrollHeight > 0) el.style.height = `${Math.min(el.scrollHeight, MAX_HEIGHT_PX)}px`;
  }, [draft]);

  function send() {
    if (closed || blank) return;
    onSend(draft);
    input.current?.focus();
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    send();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  }

  return (
    <form
      onSubmit={onSubmit}
      aria-label={t('chat.composer.label')}
      className="shrink-0 border-t border-slate-200 bg-surface px-3 pt-2 pb-[max(0.5rem,env(safe-area-inset-bottom))]"
    >
      {closed && (
        <p className="mb-2 flex items-center justify-center gap-1.5 text-center text-sm text-slate-600">
          <LockClosedIcon aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
          {t('chat.composer.closedNote')}
        </p>
      )}
      <div className="flex items-end gap-2">
        <label htmlFor="chat-message" className="sr-only">
          {t('chat.composer.message')}
        </label>
        <textarea
          ref={input}
          id="chat-message"
          rows={1}
          value={draft}
          onChange={(event) => onDraftChange(event.target.value)}
          onKeyDown={onKeyDown}
          disabled={closed}
          maxLength={CHAT_MAX_LENGTH}
          placeholder={closed ? t('chat.composer.placeholderClosed') : t('chat.composer.placeholder')}
          enterKeyHint="send"
          autoComplete="off"
          className="block max-h-32 min-h-11 min-w-0 flex-1 resize-none rounded-3xl border border-slate-300 bg-slate-50 px-4 py-2.5 text-base leading-6 text-slate-900 placeholder:text-slate-500 focus:border-brand-600 dark:focus:border-brand-400 focus:bg-surface focus:outline-2 focus:outline-offset-0 focus:outline-brand-600/30 dark:focus:outline-brand-400 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500"
        />
        <button
          type="submit"
          aria-label={t('chat.composer.send')}
          disabled={closed || blank}
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-600 text-white shadow-sm transition hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400 active:bg-brand-800 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:shadow-none"
        >
          <PaperAirplaneIcon aria-hidden="true" className="size-5" />
        </button>
      </div>
    </form>
  );
}
