import type { User } from '@outing/contract';

/**
 * What the room page passes to the bill screens (docs/product.md#room-actions); a reload loses it, so every field may
 * be absent.
 */
export interface BillNavigationState {
  attendees?: User[];
  roomName?: string;
  userId?: number;
  /** Where the user came from: going back pops the history entry instead of pushing a new one. */
  from?: string;
}

function isUserLike(value: unknown): value is Pick<User, 'id' | 'username'> & Partial<User> {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.id === 'number' && typeof v.username === 'string';
}

/** Reads navigation state defensively: history state outlives deployments and may be anything. */
export function readBillNavigationState(state: unknown): BillNavigationState {
  if (typeof state !== 'object' || state === null) return {};
  const s = state as Record<string, unknown>;
  const result: BillNavigationState = {};
  if (Array.isArray(s.attendees) && s.attendees.every(isUserLike)) {
    result.attendees = s.attendees.map((a) => ({
      id: a.id,
      username: a.username,
      email: typeof a.email === 'string' ? a.email : '',
      pictureUrl: typeof a.pictureUrl === 'string' ? a.pictureUrl : '',
      // A guest keeps the mark by their name (docs/guests.md).
      ...(a.isGuest === true && { isGuest: true as const }),
    }));
  }
  if (typeof s.roomName === 'string' && s.roomName !== '') result.roomName = s.roomName;
  if (typeof s.userId === 'number') result.userId = s.userId;
  if (typeof s.from === 'string') result.from = s.from;
  return result;
}
