import type { User } from '@outing/contract';
import { Avatar } from '@/components/avatar';
import { useT } from '@/lib/i18n/use-t';
import { MemberName } from '@/entities/room/member-name';
import { RemoveGuestButton } from '@/features/guest-access/components/remove-guest';
import { personName } from '@/lib/person-name';

interface AttendeeListProps {
  attendees: User[];
  hostId: number;
  meId: number;
  /** The open room whose guests the host may remove (issue 35); without it nobody gets "Remove". */
  removableIn?: string;
}

/** The members, the host first and marked, guests marked too (docs/product.md#room-page). */
export function AttendeeList({ attendees, hostId, meId, removableIn }: AttendeeListProps) {
  const t = useT();
  const canRemove = removableIn !== undefined && hostId === meId;
  return (
    <section aria-labelledby="attendees-heading">
      <h2 id="attendees-heading" className="mb-2 px-1 text-base font-semibold text-slate-900">
        {t('rooms.attendees.heading', { count: attendees.length })}
      </h2>
      <ul
        aria-labelledby="attendees-heading"
        className="divide-y divide-slate-100 overflow-hidden rounded-2xl bg-surface shadow-sm ring-1 ring-slate-200"
      >
        {attendees.map((person) => (
          <li key={person.id} className="flex min-h-14 items-center gap-3 px-4 py-2.5">
            <Avatar
              username={person.username}
              displayName={person.displayName}
              pictureUrl={person.pictureUrl}
              size="sm"
            />
            <span className="min-w-0 flex-1 truncate font-medium text-slate-900">
              <MemberName
                username={personName(person)}
                isMe={person.id === meId}
                isGuest={person.isGuest === true}
              />
            </span>
            {person.id === hostId && (
              <span className="shrink-0 rounded-full bg-brand-100 dark:bg-brand-950/40 px-2.5 py-1 text-xs font-semibold text-brand-800 dark:text-brand-300">
                {t('rooms.member.host')}
              </span>
            )}
            {canRemove && person.isGuest === true && (
              <RemoveGuestButton roomId={removableIn} guest={person} />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
