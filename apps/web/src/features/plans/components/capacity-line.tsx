import type { Room } from '@outing/contract';
import { useT } from '@/lib/i18n/use-t';

const NOTES = {
  join: 'plans.capacity.fullJoin',
  answer: 'plans.capacity.fullAnswer',
} as const;

/**
 * "12 of 20 going", and, when the room is full, what a newcomer's join (or a member's Going) does (docs/api/README.md#plans).
 * Nothing without a capacity. Over a capacity the host lowered (docs/plans.md: nobody is removed, nobody new
 * goes until fewer are going): "6 going · capacity 4" and what that means.
 */
export function CapacityLine({ room, full: note }: { room: Room; full: keyof typeof NOTES | null }) {
  const t = useT();
  if (room.capacity === null) return null;
  const full = room.goingCount >= room.capacity;
  const over = room.goingCount > room.capacity;
  const counts = { going: room.goingCount, capacity: room.capacity };
  return (
    <p className="text-sm text-slate-700">
      <span className="font-semibold text-slate-900">
        {over ? t('plans.capacity.over', counts) : t('plans.capacity.going', counts)}
      </span>
      {room.waitlistCount > 0 && (
        <span> · {t('plans.capacity.waitlist', { count: room.waitlistCount })}</span>
      )}
      {over && (
        <span className="mt-1 block">{t('plans.capacity.overNote', { capacity: room.capacity })}</span>
      )}
      {full && note && (
        <span className="mt-1 block font-medium text-amber-800 dark:text-amber-300">{t(NOTES[note])}</span>
      )}
    </p>
  );
}
