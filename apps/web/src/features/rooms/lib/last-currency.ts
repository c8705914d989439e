import type { Room } from '@outing/contract';
import { readItem, writeItem } from '@/lib/storage';

// "The currency the host used last" (issue 33), for a new room's default. The API has no "my last room": the rooms
// list (`GET /rooms`, open rooms only, newest update first) is read for the rooms the user hosts, and this device
// also remembers the currency of each room it creates, which covers a room since closed and a list not yet loaded.
// The newer of the two, by the room's creation, wins.

export interface UsedCurrency {
  currency: string;
  /** The room's `createdAt`. */
  at: string;
}

const keyOf = (userId: number) => `outing.lastCurrency.${userId}`;

/** Remembers the currency of a room the user just created. */
export function rememberRoomCurrency(userId: number, room: Pick<Room, 'currency' | 'createdAt'>): void {
  writeItem('local', keyOf(userId), JSON.stringify({ currency: room.currency, at: room.createdAt }));
}

/** The currency of the last room this device created for the user, or null. */
export function rememberedCurrency(userId: number): UsedCurrency | null {
  try {
    const value: unknown = JSON.parse(readItem('local', keyOf(userId)) ?? 'null');
    if (typeof value !== 'object' || value === null) return null;
    const { currency, at } = value as Record<string, unknown>;
    return typeof currency === 'string' && typeof at === 'string' ? { currency, at } : null;
  } catch {
    return null;
  }
}

/** The currency of the newest room the user hosts, of those listed and the one remembered here; null for none. */
export function lastUsedCurrency(
  userId: number,
  rooms: readonly Pick<Room, 'hostId' | 'currency' | 'createdAt'>[],
): string | null {
  let newest = rememberedCurrency(userId);
  for (const room of rooms)
    if (room.hostId === userId && (!newest || Date.parse(room.createdAt) > Date.parse(newest.at)))
      newest = { currency: room.currency, at: room.createdAt };
  return newest?.currency ?? null;
}
