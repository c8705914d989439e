import type { Room } from '@outing/contract';

const NOTES = {
  join: 'Full — joining puts you on the waitlist',
  answer: 'Full — answering Going puts you on the waitlist',
} as const;

/**
 * "12 of 20 going", and, when the room is full, what a newcomer's join (or a member's Going) does (api-contract
 * §10.4). Nothing without a capacity.
 */
export function CapacityLine({ room, full: note }: { room: Room; full: keyof typeof NOTES | null }) {
  if (room.capacity === null) return null;
  const full = room.goingCount >= room.capacity;
  return (
    <p className="text-sm text-slate-700">
      <span className="font-semibold text-slate-900">
        {room.goingCount} of {room.capacity} going
      </span>
      {room.waitlistCount > 0 && <span> · {room.waitlistCount} on the waitlist</span>}
      {full && note && (
        <span className="mt-1 block font-medium text-amber-800 dark:text-amber-300">{NOTES[note]}</span>
      )}
    </p>
  );
}
