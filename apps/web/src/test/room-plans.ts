import { configure } from '@testing-library/react';
import { beforeAll } from 'vitest';
import { seedRoom, type MockInvite as PlanInvite, type MockRoom as PlanRoom } from '@/features/rooms/testing';

// Test helpers of the room page's plan: a seed room with its plan (capacity, answers, poll) and invites.

export const ROOM_ID = '11111111-2222-4333-8444-555555555555';

/** `seedRoom` (Picnic in the Park, hosted by ada, 7) with plan fields. */
export function planRoom(overrides: Partial<PlanRoom> = {}): PlanRoom {
  return { ...seedRoom(), ...overrides };
}

let nextId = 9000;

/** A pending invite of `userId` to the test room, nudged `nudgedAt` if given. */
export function pendingInvite(userId: number, nudgedAt: string | null = null): PlanInvite {
  return {
    id: nextId++,
    roomId: ROOM_ID,
    userId,
    inviterId: 7,
    status: 'pending',
    createdMinutesAgo: 30,
    nudgedAt,
  };
}

/**
 * Loads the room page's chunk (and everything it imports) before the file's first test, and waits longer for
 * screens: on a busy 2-core machine the first lazy route of a file can take more than the default 5 s to appear.
 */
export function warmUpRoomPage() {
  beforeAll(async () => {
    configure({ asyncUtilTimeout: 12_000 });
    await import('@/app/routes/room/room-page');
  }, 60_000);
}
