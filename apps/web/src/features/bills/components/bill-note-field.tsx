import { useId, useRef, useState } from 'react';
import { ChatBubbleBottomCenterTextIcon } from '@heroicons/react/24/outline';
import { FieldError } from '@/components/form/text-field';
import { useT } from '@/lib/i18n/use-t';
import { NOTE_COUNTER_FROM, NOTE_MAX, noteLength } from '../lib/bill-extras';

const quietButton =
  'inline-flex min-h-11 items-center gap-1.5 self-start rounded-full px-3.5 text-sm font-semibold text-brand-700 dark:text-brand-300 ring-1 ring-brand-200 dark:ring-brand-800 hover:bg-brand-50 dark:hover:bg-brand-950/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400';

/**
 * The bill's note, behind "Add a note" so the form stays short (open from the start when the bill has one): several
 * lines, at most 500 characters, the characters left shown from 400 on. Longer is said, not cut off: a pasted text
 * keeps its end.
 */
export function BillNoteField({
  value,
  onChange,
  onBlur,
  error,
}: {
  value: string;
  onChange: (note: string) => void;
  onBlur: () => void;
  error?: string;
}) {
  const t = useT();
  const id = useId();
  const [open, setOpen] = useState(value.trim() !== '');
  const field = useRef<HTMLTextAreaElement>(null);

  if (!open)
    return (
      <button
        type="button"
        aria-expanded={false}
        className={quietButton}
        onClick={() => {
          setOpen(true);
          requestAnimationFrame(() => field.current?.focus());
        }}
      >
        <ChatBubbleBottomCenterTextIcon aria-hidden="true" className="size-5" />
        {t('bills.form.addNote')}
      </button>
    );

  const count = noteLength(value);
  const counterId = `${id}-counter`;
  const errorId = `${id}-error`;
  const showCounter = count >= NOTE_COUNTER_FROM;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {t('bills.form.note')}
      </label>
      <textarea
        ref={field}
        id={id}
        rows={3}
        value={value}
        placeholder={t('bills.form.notePlaceholder')}
        aria-invalid={error ? true : undefined}
        aria-describedby={[error && errorId, showCounter && counterId].filter(Boolean).join(' ') || undefined}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        className={`min-h-24 w-full resize-y rounded-xl border bg-surface px-3 py-2.5 text-base text-slate-900 shadow-xs placeholder:text-slate-400 focus:ring-2 focus:outline-none ${
          error
            ? 'border-red-500 focus:border-red-500 focus:ring-red-200 dark:focus:ring-red-900'
            : 'border-slate-300 focus:border-brand-500 focus:ring-brand-200 dark:focus:ring-brand-800'
        }`}
      />
      {error && <FieldError id={errorId} message={error} />}
      {showCounter && (
        <p
          id={counterId}
          className={`text-right text-xs tabular-nums ${count > NOTE_MAX ? 'font-semibold text-red-700 dark:text-red-300' : 'text-slate-600'}`}
        >
          {t('bills.form.noteLeft', { left: Math.max(0, NOTE_MAX - count) })}
        </p>
      )}
    </div>
  );
}
