import { Link } from 'react-router';
import { ChevronRightIcon } from '@heroicons/react/20/solid';
import type { Invite } from '@outing/contract';
import { useT } from '@/lib/i18n/use-t';
import { RsvpControl } from '@/features/plans/components/rsvp-control';
import { RoomSummary } from '@/features/rooms/components/room-row';
import { personName } from '@/lib/person-name';

/**
 * A pending invite (issue #20 item 1): Going and Maybe accept it, Can't declines it (PATCH /rooms/{id}/rsvp); the
 * card's body opens the room's preview, to look before answering. An answered invite leaves the list.
 */
export function InviteRow({ invite }: { invite: Invite }) {
  const t = useT();
  const { room } = invite;
  // The invites list carries the room as the invitee sees it; an older server leaves `myRsvp` out of it.
  const asInvitee = { ...room, myRsvp: room.myRsvp ?? ('invited' as const) };
  return (
    <li className="flex flex-col gap-3 px-4 py-3">
      <Link
        to={`/room/${room.id}/preview`}
        state={{ from: '/rooms/invites' }}
        aria-label={t('rooms.invites.rowLabel', { room: room.name, host: personName(room.host) })}
        className="-mx-2 flex min-h-11 items-center gap-3 rounded-xl px-2 py-1 transition hover:bg-brand-50 dark:hover:bg-brand-950/40 focus-visible:outline-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400"
      >
        <RoomSummary room={room} detail={t('rooms.invites.hostedBy', { host: personName(room.host) })} />
        <ChevronRightIcon aria-hidden="true" className="size-5 shrink-0 text-slate-400" />
      </Link>
      <RsvpControl room={asInvitee} compact />
    </li>
  );
}
