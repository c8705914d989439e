import type { QueryClient } from '@tanstack/react-query';
import { balancesQueryOptions } from '@/features/balances/api/get-balances';
import { inviteCountQueryOptions } from '@/features/rooms/api/get-invite-count';
import { roomQueryOptions } from '@/entities/room/get-room';
import { roomsQueryOptions } from '@/features/rooms/api/get-rooms';
import { awaitingQueryOptions, unpaidQueryOptions } from '@/features/transactions/api/get-transactions';

// The first calls of the screens a signed-in visit opens on most (Lighthouse's / and /room/{id}), asked for by
// the router while the screen's chunk loads (router.tsx, `withPrefetch`): the screen then finds them in the cache
// or on their way, instead of asking once its chunk has run and its session is restored. Same query options as
// the screens' own hooks, so the answers land where the hooks read.

export function prefetchHome(client: QueryClient): void {
  void client.prefetchInfiniteQuery(unpaidQueryOptions('payer'));
  void client.prefetchInfiniteQuery(unpaidQueryOptions('payee'));
  void client.prefetchInfiniteQuery(awaitingQueryOptions());
  void client.prefetchInfiniteQuery(roomsQueryOptions());
  void client.prefetchQuery(inviteCountQueryOptions());
  // Home shows its body once its money cards have their first answers (home-page.tsx): the balances and the
  // payments awaiting confirmation are asked for with the others, not when their card mounts.
  void client.prefetchQuery(balancesQueryOptions());
}

/** Only the room itself: its attendees and balances wait for it, as on the screen (a 404 room has neither). */
export function prefetchRoom(client: QueryClient, roomId: string): void {
  void client.prefetchQuery(roomQueryOptions(roomId));
}
