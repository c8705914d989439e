import { CheckIcon, QuestionMarkCircleIcon, XMarkIcon } from '@heroicons/react/20/solid';
import type { ReactNode } from 'react';
import type { Room, RsvpStatus } from '@outing/contract';
import { ButtonSpinner } from '@/components/form/submit-button';
import { isOffline } from '@/lib/connectivity';
import { useToast } from '@/hooks/use-toast';
import { t as translate } from '@/lib/i18n/i18n';
import type { MessageKey } from '@/lib/i18n/keys';
import { useI18n } from '@/lib/i18n/use-t';
import { useSetRsvp, type RsvpAnswer } from '../api/set-rsvp';
import { planErrorMessage } from '../messages';
import { CapacityLine } from './capacity-line';

const LABELS: Record<RsvpAnswer, MessageKey> = {
  going: 'plans.rsvp.going',
  maybe: 'plans.rsvp.maybe',
  declined: 'plans.rsvp.declined',
};

const OPTIONS = [
  { value: 'going', icon: CheckIcon, on: 'bg-emerald-700 text-white ring-emerald-700 dark:ring-emerald-400' },
  { value: 'maybe', icon: QuestionMarkCircleIcon, on: 'bg-amber-500 text-ink ring-amber-500' },
  {
    value: 'declined',
    icon: XMarkIcon,
    on: 'bg-slate-700 text-white ring-slate-700 dark:bg-slate-300 dark:ring-slate-300',
  },
] as const;

/** The pressed option: a waitlisted member asked to go. */
function selected(rsvp: RsvpStatus | null): RsvpAnswer | null {
  if (rsvp === 'waitlisted') return 'going';
  return rsvp === 'going' || rsvp === 'maybe' || rsvp === 'declined' ? rsvp : null;
}

/**
 * An invite card's buttons say what they do to the invite, starting with the visible word (WCAG 2.5.3 label in
 * name): "Going: accept invite to …", "Can't: decline invite to …".
 */
function inviteLabel(value: RsvpAnswer, room: string): string {
  if (value === 'going') return translate('plans.rsvp.acceptGoing', { room });
  if (value === 'maybe') return translate('plans.rsvp.answerMaybe', { room });
  return translate('plans.rsvp.decline', { room });
}

function doneMessage(rsvp: RsvpStatus, room: string, wasInvited: boolean): string {
  if (rsvp === 'waitlisted') return translate('plans.rsvp.waitlisted', { room });
  if (rsvp === 'going') return translate('plans.rsvp.goingDone', { room });
  if (rsvp === 'maybe') {
    return wasInvited ? translate('plans.rsvp.joinedMaybe', { room }) : translate('plans.rsvp.savedMaybe');
  }
  return wasInvited ? translate('plans.rsvp.inviteDeclined') : translate('plans.rsvp.savedDeclined');
}

const bold = (chunks: ReactNode[]) => (
  <span key="b" className="font-semibold">
    {chunks}
  </span>
);

interface RsvpControlProps {
  room: Room;
  /** The caller's place on the waitlist (1 = next), when known. */
  waitlistPlace?: number;
  /** After a successful answer (e.g. the invites list drops the card). */
  onAnswered?: (rsvp: RsvpStatus) => void;
  /** A heading of its own (the room page), or only the buttons (an invite card). */
  compact?: boolean;
}

/**
 * Going / Maybe / Can't (docs/api/README.md#plans). The pressed answer is the server's: a failed answer leaves the
 * previous one pressed, and the toast says why.
 */
export function RsvpControl({ room, waitlistPlace, onAnswered, compact = false }: RsvpControlProps) {
  const { t, tRich } = useI18n();
  const rsvp = useSetRsvp();
  const toast = useToast();
  const current = selected(room.myRsvp);
  const pending = rsvp.isPending ? rsvp.variables.status : null;
  const joining = room.myRsvp === null || room.myRsvp === 'invited';

  const choose = (status: RsvpAnswer) => {
    if (rsvp.isPending || (status === current && room.myRsvp !== 'invited')) return;
    // Offline, an answer would only wait (issue #21): refused at once, the previous answer stays pressed.
    if (isOffline()) {
      toast.error(t('plans.rsvp.offline'));
      return;
    }
    // Said whether or not this control is still on screen: an invitee's answer turns the page into the member's
    // view, which can happen before the answer arrives (the room's change reaches the socket first), and `mutate`'s
    // own callbacks are dropped once the control is gone.
    const invited = room.myRsvp === 'invited';
    rsvp.mutateAsync({ roomId: room.id, status }).then(
      (answer) => {
        // On the waitlist: news, not a success (issue 37).
        const say = answer.rsvp === 'waitlisted' ? toast.info : toast.success;
        say(doneMessage(answer.rsvp, room.name, invited));
        onAnswered?.(answer.rsvp);
      },
      (error: unknown) => toast.error(planErrorMessage(error)),
    );
  };

  const group = (
    <div
      role="group"
      aria-label={t('plans.rsvp.groupLabel', { room: room.name })}
      className="grid grid-cols-3 gap-2"
    >
      {OPTIONS.map(({ value, icon: Icon, on }) => {
        const pressed = current === value && room.myRsvp !== 'invited';
        return (
          <button
            key={value}
            type="button"
            aria-pressed={pressed}
            aria-label={compact ? inviteLabel(value, room.name) : undefined}
            aria-disabled={rsvp.isPending}
            onClick={() => choose(value)}
            className={`inline-flex min-h-11 items-center justify-center gap-1.5 rounded-full px-3 text-sm font-semibold ring-1 transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400 aria-disabled:cursor-wait ${
              pressed ? on : 'bg-surface text-slate-800 ring-slate-300 hover:bg-slate-50'
            }`}
          >
            {pending === value ? (
              <ButtonSpinner className="size-4" />
            ) : (
              <Icon aria-hidden="true" className="size-4" />
            )}
            {t(LABELS[value])}
          </button>
        );
      })}
    </div>
  );

  if (compact) return group;
  return (
    <section
      aria-labelledby="rsvp-heading"
      className="flex flex-col gap-3 rounded-2xl bg-surface px-4 py-4 shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex flex-col gap-1">
        <h2 id="rsvp-heading" className="text-base font-semibold text-slate-900">
          {t('plans.rsvp.heading')}
        </h2>
        <CapacityLine
          room={room}
          full={joining ? 'join' : room.myRsvp === 'going' || room.myRsvp === 'waitlisted' ? null : 'answer'}
        />
      </div>
      {group}
      {room.myRsvp === 'waitlisted' && (
        <p
          role="status"
          className="rounded-xl bg-amber-50 dark:bg-amber-950/40 px-3 py-2 text-sm text-amber-900 dark:text-amber-300 ring-1 ring-amber-200 dark:ring-amber-800"
        >
          {waitlistPlace
            ? tRich('plans.rsvp.onWaitlistPlace', { place: waitlistPlace, b: bold })
            : tRich('plans.rsvp.onWaitlist', { b: bold })}
        </p>
      )}
    </section>
  );
}
