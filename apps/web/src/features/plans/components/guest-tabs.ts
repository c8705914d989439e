import type { Guest, Room } from '@outing/contract';

/** The tabs in order, each with its label's message key. */
export const GUEST_TABS = [
  { key: 'going', label: 'plans.guests.tab.going' },
  { key: 'maybe', label: 'plans.guests.tab.maybe' },
  { key: 'waitlisted', label: 'plans.guests.tab.waitlisted' },
  { key: 'invited', label: 'plans.guests.tab.invited' },
  { key: 'declined', label: 'plans.guests.tab.declined' },
] as const;

export type GuestTab = (typeof GUEST_TABS)[number]['key'];

/** The guests of each tab, in the server's order (the waitlist first come, first served). */
export function groupGuests(guests: Guest[]): Record<GuestTab, Guest[]> {
  const groups: Record<GuestTab, Guest[]> = {
    going: [],
    maybe: [],
    waitlisted: [],
    invited: [],
    declined: [],
  };
  for (const guest of guests) groups[guest.rsvp].push(guest);
  return groups;
}

/** The caller's place on the waitlist (1 = next), or undefined. */
export function waitlistPlace(guests: Guest[] | undefined, userId: number): number | undefined {
  const index = guests?.filter((g) => g.rsvp === 'waitlisted').findIndex((g) => g.user.id === userId) ?? -1;
  return index >= 0 ? index + 1 : undefined;
}

/** The tab to open first: Going when anyone is going, else the first with people. */
export function firstTab(groups: Record<GuestTab, Guest[]>, room: Pick<Room, 'goingCount'>): GuestTab {
  if (room.goingCount > 0 || groups.going.length > 0) return 'going';
  return GUEST_TABS.find((tab) => groups[tab.key].length > 0)?.key ?? 'going';
}
