import type { RsvpBody } from '@outing/contract';
import { ButtonSpinner } from '@/components/form/submit-button';
import type { MessageKey } from '@/lib/i18n/keys';
import { useT } from '@/lib/i18n/use-t';

type Answer = RsvpBody['status'];

const ANSWERS: { status: Answer; label: MessageKey; className: string }[] = [
  {
    status: 'going',
    label: 'preview.rsvp.going',
    className: 'bg-brand-600 text-white hover:bg-brand-700 active:bg-brand-800',
  },
  {
    status: 'maybe',
    label: 'preview.rsvp.maybe',
    className: 'bg-surface text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50',
  },
  {
    status: 'declined',
    label: 'preview.rsvp.declined',
    className: 'bg-surface text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50',
  },
];

/** An invitee's three answers; `busy` is the one being sent (the others wait for it). */
export function RsvpButtons({ busy, onAnswer }: { busy: Answer | null; onAnswer: (status: Answer) => void }) {
  const t = useT();
  return (
    <div role="group" aria-label={t('preview.rsvp.group')} className="grid grid-cols-3 gap-2">
      {ANSWERS.map(({ status, label, className }) => (
        <button
          key={status}
          type="button"
          onClick={() => {
            if (busy === null) onAnswer(status);
          }}
          aria-busy={busy === status}
          aria-disabled={busy !== null}
          className={`inline-flex min-h-12 items-center justify-center gap-1.5 rounded-full px-2 text-base font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400 aria-disabled:cursor-not-allowed aria-disabled:opacity-80 ${className}`}
        >
          {busy === status && (
            <ButtonSpinner
              className={`size-4 ${status === 'going' ? 'text-white' : 'text-brand-700 dark:text-brand-300'}`}
            />
          )}
          {t(label)}
        </button>
      ))}
    </div>
  );
}
