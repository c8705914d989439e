import { Link } from 'react-router';
import { ClockIcon, LockClosedIcon } from '@heroicons/react/24/outline';
import type { Room } from '@outing/contract';
import { ButtonSpinner, primaryButtonClass } from '@/components/form/submit-button';
import { NotFoundState } from '@/components/not-found-state';
import { useI18n, useT } from '@/lib/i18n/use-t';
import { CapacityLine } from '@/features/plans/components/capacity-line';
import { RsvpControl } from '@/features/plans/components/rsvp-control';
import { hasStarted } from '@/features/plans/lib/plan-dates';
import { ChatButton } from '@/features/rooms/components/chat-button';
import { personName } from '@/lib/person-name';

// The room screen's panels other than its parts (pages/room-page.tsx): a missing room, a started outing, the join
// panel of a visitor, and a closed room's note.

export function RoomNotFound() {
  const t = useT();
  return (
    <NotFoundState
      header={t('rooms.room.title')}
      back
      title={t('rooms.room.notFound')}
      detail={t('rooms.room.notFoundText')}
      action={
        <Link to="/" className={`${primaryButtonClass} mt-2 max-w-60`}>
          {t('rooms.goHome')}
        </Link>
      }
    />
  );
}

/** A calm line instead of the answers and Join once the outing has started (issue #20). */
export function PassedNote() {
  const t = useT();
  return (
    <p className="flex items-center justify-center gap-2 rounded-2xl bg-surface px-4 py-4 text-center text-sm font-medium text-slate-700 ring-1 ring-slate-200">
      <ClockIcon aria-hidden="true" className="size-5 text-slate-500" />
      {t('plans.passed')}
    </p>
  );
}

/** What a visitor who is not a member sees instead of the member-only parts. */
export function JoinPanel({ room, busy, onJoin }: { room: Room; busy: boolean; onJoin: () => void }) {
  const { t, tRich } = useI18n();
  if (room.isClosed) {
    return (
      <p className="rounded-2xl bg-surface px-4 py-5 text-center text-sm text-slate-600 ring-1 ring-slate-200">
        {t('rooms.join.closed')}
      </p>
    );
  }
  if (hasStarted(room)) return <PassedNote />;
  // A pending invitee answers the invite here (going and maybe accept it, can't declines it).
  if (room.myRsvp === 'invited') {
    return (
      <div className="flex flex-col gap-2">
        <p className="px-1 text-sm text-slate-700">
          {tRich('rooms.join.invitedBy', {
            host: personName(room.host),
            b: (chunks) => (
              <span key="b" className="font-semibold text-slate-900">
                {chunks}
              </span>
            ),
          })}
        </p>
        <RsvpControl room={room} />
      </div>
    );
  }
  return (
    <section
      aria-label={t('rooms.join.label')}
      className="flex flex-col items-center gap-3 rounded-2xl bg-surface px-4 py-5 text-center shadow-sm ring-1 ring-slate-200"
    >
      <p className="text-sm text-slate-700">{t('rooms.join.goingCount', { count: room.attendeesCount })}</p>
      <CapacityLine room={room} full="join" />
      <button
        type="button"
        onClick={() => {
          if (!busy) onJoin();
        }}
        aria-busy={busy}
        aria-disabled={busy}
        className={primaryButtonClass}
      >
        {busy && <ButtonSpinner />}
        {t('rooms.join.button')}
      </button>
    </section>
  );
}

/**
 * A member's view of a closed room (issue #19 item 4): it stays readable (details, attendees, Money, chat) but
 * nothing can be added, so the only action left is reading the chat.
 */
export function OutingOver({ roomId, chatCount }: { roomId: string; chatCount: number }) {
  const t = useT();
  return (
    <section
      aria-labelledby="outing-over-heading"
      className="flex flex-col gap-3 rounded-2xl bg-surface px-4 py-4 shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex items-start gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-slate-100">
          <LockClosedIcon aria-hidden="true" className="size-5 text-slate-600" />
        </span>
        <div className="min-w-0">
          <h2 id="outing-over-heading" className="font-semibold text-slate-900">
            {t('rooms.room.over')}
          </h2>
          <p className="text-sm text-slate-600">{t('rooms.room.overText')}</p>
        </div>
      </div>
      <nav aria-label={t('rooms.actions.label')} className="grid grid-cols-2 gap-3">
        <ChatButton roomId={roomId} count={chatCount} />
      </nav>
    </section>
  );
}
