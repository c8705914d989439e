import { useRef, type ReactNode } from 'react';
import type { Room } from '@outing/contract';
import { ButtonSpinner } from '@/components/form/submit-button';
import { Dialog } from '@/components/dialog';
import { useI18n } from '@/lib/i18n/use-t';
import { formatRoomDate } from '@/entities/room/dates';
import { useTbdLabels } from '@/entities/room/tbd-text';
import { formatClockTime } from '@/lib/i18n/format';

interface JoinDialogProps {
  room: Room;
  busy: boolean;
  onYes: () => void;
  onNo: () => void;
}

/** The Confirm Join modal a join link (`?join=true`) opens (docs/product.md#joining). */
export function JoinDialog({ room, busy, onYes, onNo }: JoinDialogProps) {
  const { t, tRich } = useI18n();
  const yesRef = useRef<HTMLButtonElement>(null);
  const tbd = useTbdLabels();
  return (
    <Dialog
      role="alertdialog"
      title={t('rooms.confirmJoin')}
      description={
        <>
          {tRich<ReactNode>('rooms.join.details', {
            name: room.name,
            date: room.dateTbd ? tbd.date : formatRoomDate(room.date),
            time: room.dateTbd ? '' : formatClockTime(room.time),
            venue: room.venueTbd ? tbd.venue : room.venue,
            b: (chunks) => (
              <span key="b" className="font-semibold text-slate-800">
                {chunks}
              </span>
            ),
          })}
        </>
      }
      onClose={onNo}
      dismissible={!busy}
      initialFocusRef={yesRef}
    >
      <div className="flex gap-3 px-5 pt-5 pb-5">
        <button
          type="button"
          onClick={onNo}
          disabled={busy}
          className="inline-flex min-h-12 flex-1 items-center justify-center rounded-full bg-surface px-5 text-base font-semibold text-slate-800 ring-1 ring-slate-300 transition hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400 disabled:opacity-60"
        >
          {t('rooms.join.no')}
        </button>
        <button
          ref={yesRef}
          type="button"
          onClick={() => {
            if (!busy) onYes();
          }}
          aria-disabled={busy}
          aria-busy={busy}
          className="inline-flex min-h-12 flex-1 items-center justify-center gap-2 rounded-full bg-brand-600 px-5 text-base font-semibold text-white transition hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400 aria-disabled:cursor-not-allowed aria-disabled:opacity-80"
        >
          {busy && <ButtonSpinner />}
          {t('rooms.join.yes')}
        </button>
      </div>
    </Dialog>
  );
}
