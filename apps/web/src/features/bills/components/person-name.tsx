import type { ReactNode } from 'react';
import { GuestMark } from '@/entities/room/member-name';

/**
 * A person's name in a row that truncates a long name, with the "guest" mark after a guest's
 * (entities/room/member-name.tsx, docs/guests.md): the name gives way, the mark stays in view.
 */
export function PersonName({
  name,
  isGuest = false,
  className = '',
}: {
  name: ReactNode;
  isGuest?: boolean;
  className?: string;
}) {
  return (
    <span className={`flex min-w-0 items-center ${className}`}>
      <span className="min-w-0 truncate">{name}</span>
      {isGuest && <GuestMark />}
    </span>
  );
}
