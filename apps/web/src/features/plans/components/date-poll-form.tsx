import { useRef, useState, type FormEvent } from 'react';
import { PlusIcon, TrashIcon } from '@heroicons/react/24/outline';
import type { Room } from '@outing/contract';
import { Dialog, DialogCloseButton } from '@/components/dialog';
import { FormAlert } from '@/components/form/form-alert';
import { SubmitButton } from '@/components/form/submit-button';
import { TextField } from '@/components/form/text-field';
import { useToast } from '@/hooks/use-toast';
import { useT } from '@/lib/i18n/use-t';
import { formatDayAndTime, roomDay, todayInputValue } from '@/entities/room/dates';
import { useCreateDatePoll, type DateOptionDraft } from '../api/create-date-poll';
import { planErrorMessage } from '../messages';
import {
  hasErrors,
  MAX_DATE_OPTIONS,
  MIN_DATE_OPTIONS,
  validateOptions,
  type OptionErrors,
} from './date-poll-validation';

/** Two rows to start with: the room's own date, and an empty one, both at the room's time. */
function startingRows(room: Room): DateOptionDraft[] {
  const day = roomDay(room.date);
  const first = day >= todayInputValue() ? day : '';
  return [
    { date: first, time: room.time },
    { date: '', time: room.time },
  ];
}

/** The host proposes 2–5 dates (issue #20 item 8); what was typed stays on a failure. */
export function DatePollForm({ room, onClose }: { room: Room; onClose: () => void }) {
  const t = useT();
  const [rows, setRows] = useState<DateOptionDraft[]>(() => startingRows(room));
  const [errors, setErrors] = useState<OptionErrors[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateDatePoll(room.id);
  const toast = useToast();
  const addRef = useRef<HTMLButtonElement>(null);

  const change = (index: number, patch: Partial<DateOptionDraft>) => {
    setRows((current) => current.map((row, i) => (i === index ? { ...row, ...patch } : row)));
    setErrors((current) => current.map((e, i) => (i === index ? {} : e)));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const found = validateOptions(rows);
    setErrors(found);
    setFailure(null);
    if (hasErrors(found)) return;
    create.mutate(rows, {
      onSuccess: () => {
        toast.success(t('plans.poll.started'));
        onClose();
      },
      onError: (error) => setFailure(planErrorMessage(error)),
    });
  };

  return (
    <Dialog
      title={t('plans.poll.heading')}
      description={t('plans.poll.formText', {
        min: MIN_DATE_OPTIONS,
        max: MAX_DATE_OPTIONS,
        zone: room.timeZone,
      })}
      onClose={onClose}
      dismissible={!create.isPending}
      headerAction={<DialogCloseButton onClose={onClose} />}
    >
      <form noValidate onSubmit={submit} className="flex min-h-0 flex-1 flex-col">
        <div className="flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto px-5 pt-4 pb-2">
          <ol className="flex flex-col gap-4">
            {rows.map((row, index) => (
              <li key={index} className="relative rounded-2xl bg-slate-50 p-3 ring-1 ring-slate-200">
                <fieldset className="flex flex-col gap-2">
                  <legend className="flex min-h-11 items-center text-sm font-semibold text-slate-900">
                    {t('plans.poll.option', { n: index + 1 })}
                  </legend>
                  <div className="grid grid-cols-[minmax(0,3fr)_minmax(0,2fr)] gap-2">
                    <TextField
                      label={t('rooms.field.date')}
                      type="date"
                      min={todayInputValue()}
                      value={row.date}
                      error={errors[index]?.date}
                      onChange={(e) => change(index, { date: e.target.value })}
                    />
                    <TextField
                      label={t('rooms.field.time')}
                      type="time"
                      value={row.time}
                      error={errors[index]?.time}
                      onChange={(e) => change(index, { time: e.target.value })}
                    />
                  </div>
                  {/^\d{4}-\d{2}-\d{2}$/.test(row.date) && (
                    // The picker writes the day the browser's way; said again in the interface's locale.
                    <p className="text-sm text-slate-500">{formatDayAndTime(row.date, row.time)}</p>
                  )}
                </fieldset>
                {rows.length > MIN_DATE_OPTIONS && (
                  <button
                    type="button"
                    aria-label={t('plans.poll.removeOption', { n: index + 1 })}
                    onClick={() => {
                      setRows((current) => current.filter((_, i) => i !== index));
                      setErrors((current) => current.filter((_, i) => i !== index));
                      addRef.current?.focus();
                    }}
                    className="absolute top-2 right-2 inline-flex size-11 items-center justify-center rounded-full text-slate-600 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400"
                  >
                    <TrashIcon aria-hidden="true" className="size-5" />
                  </button>
                )}
              </li>
            ))}
          </ol>
          {rows.length < MAX_DATE_OPTIONS && (
            <button
              ref={addRef}
              type="button"
              onClick={() => setRows((current) => [...current, { date: '', time: room.time }])}
              className="inline-flex min-h-11 items-center justify-center gap-2 self-start rounded-full px-4 text-sm font-semibold text-brand-700 dark:text-brand-300 ring-1 ring-brand-200 dark:ring-brand-800 hover:bg-brand-50 dark:hover:bg-brand-950/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400"
            >
              <PlusIcon aria-hidden="true" className="size-5" />
              {t('plans.poll.addDate')}
            </button>
          )}
          <FormAlert message={failure} />
        </div>
        <div className="border-t border-slate-100 px-5 pt-3 pb-5">
          <SubmitButton busy={create.isPending}>{t('plans.poll.start')}</SubmitButton>
        </div>
      </form>
    </Dialog>
  );
}
