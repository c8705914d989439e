import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { Guest, Room } from '@outing/contract';
import { Avatar } from '@/components/avatar';
import { LoadingState } from '@/components/list-states';
import type { MessageKey } from '@/lib/i18n/keys';
import { useT } from '@/lib/i18n/use-t';
import { MemberName } from '@/entities/room/member-name';
import { RemoveGuestButton } from '@/features/guest-access/components/remove-guest';
import { useGuests } from '../api/get-guests';
import { firstTab, groupGuests, GUEST_TABS, type GuestTab } from './guest-tabs';
import { hasStarted } from '../lib/plan-dates';
import { NudgeAll, NudgeOne } from './nudge-controls';
import { personName } from '@/lib/person-name';

/** The list's name; "Attendees" names the people going, as the attendee list did (docs/product.md#room-page). */
const LIST_NAMES: Record<GuestTab, MessageKey> = {
  going: 'plans.guests.list.going',
  maybe: 'plans.guests.list.maybe',
  waitlisted: 'plans.guests.list.waitlisted',
  invited: 'plans.guests.list.invited',
  declined: 'plans.guests.list.declined',
};

const EMPTY: Record<GuestTab, MessageKey> = {
  going: 'plans.guests.empty.going',
  maybe: 'plans.guests.empty.maybe',
  waitlisted: 'plans.guests.empty.waitlisted',
  invited: 'plans.guests.empty.invited',
  declined: 'plans.guests.empty.declined',
};

interface GuestListProps {
  room: Room;
  meId: number;
  /** Shown instead when the guests cannot be read (e.g. a server without the call): the members. */
  fallback: ReactNode;
}

/**
 * Who is coming (issue #20 item 1): one tab per answer with its count, avatars and names; the host sees who has
 * not answered and can nudge them.
 */
export function GuestList({ room, meId, fallback }: GuestListProps) {
  const t = useT();
  const guests = useGuests(room.id);
  // The host nudges while the outing is open and to come: the server refuses a nudge after the start (409).
  const canNudge = room.hostId === meId && !room.isClosed && !hasStarted(room);
  if (guests.isError) return fallback;
  return (
    <section aria-labelledby="guests-heading">
      <h2 id="guests-heading" className="mb-2 px-1 text-base font-semibold text-slate-900">
        {t('plans.guests.heading')}
      </h2>
      {guests.isPending && <LoadingState label={t('plans.guests.loading')} />}
      {guests.isSuccess && <GuestTabs room={room} guests={guests.data} meId={meId} canNudge={canNudge} />}
    </section>
  );
}

function GuestTabs({
  room,
  guests,
  meId,
  canNudge,
}: {
  room: Room;
  guests: Guest[];
  meId: number;
  /** the host, of an open room that has not started */
  canNudge: boolean;
}) {
  const t = useT();
  const groups = groupGuests(guests);
  const [chosen, setChosen] = useState<GuestTab | null>(null);
  const tab = chosen ?? firstTab(groups, room);
  const baseId = useId();
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({});

  // Arrow keys move between tabs (WAI-ARIA tabs pattern, automatic activation).
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = GUEST_TABS.findIndex((t) => t.key === tab);
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    let next: number | undefined;
    if (step !== undefined) next = (index + step + GUEST_TABS.length) % GUEST_TABS.length;
    if (event.key === 'Home') next = 0;
    if (event.key === 'End') next = GUEST_TABS.length - 1;
    if (next === undefined) return;
    event.preventDefault();
    const key = GUEST_TABS[next]!.key;
    setChosen(key);
    tabRefs.current[key]?.focus();
  };

  const list = groups[tab];
  // The host removes a guest (issue 35) while the room is open; accounts are never removed.
  const canRemove = room.hostId === meId && !room.isClosed;
  return (
    <div className="overflow-hidden rounded-2xl bg-surface shadow-sm ring-1 ring-slate-200">
      <div
        role="tablist"
        aria-label={t('plans.guests.tabsLabel')}
        onKeyDown={onKeyDown}
        className="grid grid-cols-5 border-b border-slate-100"
      >
        {GUEST_TABS.map(({ key, label }) => {
          const selected = key === tab;
          return (
            <button
              key={key}
              ref={(el) => {
                tabRefs.current[key] = el;
              }}
              id={`${baseId}-${key}-tab`}
              type="button"
              role="tab"
              aria-selected={selected}
              aria-label={t('plans.guests.tabName', { label: t(label), count: groups[key].length })}
              aria-controls={`${baseId}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => setChosen(key)}
              className={`flex min-h-14 flex-col items-center justify-center px-0.5 py-1.5 text-xs font-medium transition focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400 ${
                selected
                  ? 'border-b-2 border-brand-600 dark:border-brand-400 text-brand-800 dark:text-brand-300'
                  : 'border-b-2 border-transparent text-slate-600 hover:bg-slate-50'
              }`}
            >
              <span className="text-lg leading-tight font-bold">{groups[key].length}</span>
              <span>{t(label)}</span>
            </button>
          );
        })}
      </div>
      <div
        id={`${baseId}-panel`}
        role="tabpanel"
        aria-labelledby={`${baseId}-${tab}-tab`}
        tabIndex={0}
        className="focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400"
      >
        {canNudge && tab === 'invited' && <NudgeAll roomId={room.id} pending={list} />}
        {list.length === 0 ? (
          <p className="px-4 py-5 text-center text-sm text-slate-600">{t(EMPTY[tab])}</p>
        ) : (
          <ul aria-label={t(LIST_NAMES[tab])} className="divide-y divide-slate-100">
            {list.map((guest) => (
              <li key={guest.user.id} className="flex min-h-14 items-center gap-3 px-4 py-2.5">
                <Avatar
                  username={guest.user.username}
                  displayName={guest.user.displayName}
                  pictureUrl={guest.user.pictureUrl}
                  size="sm"
                />
                <span className="min-w-0 flex-1 truncate font-medium text-slate-900">
                  <MemberName
                    username={personName(guest.user)}
                    isMe={guest.user.id === meId}
                    isGuest={guest.user.isGuest === true}
                  />
                </span>
                {guest.user.id === room.hostId && (
                  <span className="shrink-0 rounded-full bg-brand-100 dark:bg-brand-950/40 px-2.5 py-1 text-xs font-semibold text-brand-800 dark:text-brand-300">
                    {t('rooms.member.host')}
                  </span>
                )}
                {canNudge && guest.rsvp === 'invited' && <NudgeOne roomId={room.id} guest={guest} />}
                {canRemove && guest.user.isGuest === true && guest.isMember && (
                  <RemoveGuestButton roomId={room.id} guest={guest.user} />
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
