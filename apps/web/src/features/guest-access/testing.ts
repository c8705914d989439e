import { guestEndpoints, type GuestLink, type User } from '@outing/contract';
import { fail } from '@/mocks/envelope';
import { mockOk, mockSignedIn } from '@/mocks/route';
import type { RoomsWorld } from '@/mocks/rooms/world';
import { server } from '@/test/server';

// Test helpers of the guest link and removing a guest (issue 35): the calls answered as the server does for the
// host, with what each was asked recorded.

/** A guest link's url as the server makes it: `<public url>/g/{secret}`. */
export const guestUrl = (secret: string) => `${window.location.origin}/g/${secret}`;

/** A guest user of the test room (no email, no picture, `isGuest: true`). */
export function guestUser(id: number, username: string): User {
  return { id, username, email: '', pictureUrl: '', isGuest: true };
}

/**
 * Serves the room's guest link, off (`null`) or on at first: GET reads it, POST makes a new one (`secrets` in turn),
 * DELETE turns it off. Returns the calls made, as `METHOD` strings, in order.
 */
export function serveGuestLink(
  initial: GuestLink | null = null,
  secrets = ['AbCdEfGhIjKlMnOpQrStUv', 'ZyXwVuTsRqPoNmLkJiHgFe'],
) {
  let link = initial;
  let made = 0;
  const calls: string[] = [];
  server.use(
    mockSignedIn(guestEndpoints.link, () => {
      calls.push('GET');
      return mockOk(guestEndpoints.link, link);
    }),
    mockSignedIn(guestEndpoints.createLink, () => {
      calls.push('POST');
      link = { url: guestUrl(secrets[made++ % secrets.length]!) };
      return mockOk(guestEndpoints.createLink, link);
    }),
    mockSignedIn(guestEndpoints.revokeLink, () => {
      calls.push('DELETE');
      link = null;
      return mockOk(guestEndpoints.revokeLink, null);
    }),
  );
  return { calls, current: () => link };
}

/**
 * Serves removing a guest from `world`'s rooms: the guest leaves the room's attendees and guest list; or, with
 * `refuse`, the server's refusal (its status, reason and sentence) and nothing changes. Returns the user ids asked.
 */
export function serveGuestRemoval(
  world: RoomsWorld,
  refuse?: { status: number; reason: string; message: string },
): number[] {
  const asked: number[] = [];
  server.use(
    mockSignedIn(guestEndpoints.remove, ({ params }) => {
      const userId = Number(params.userId);
      asked.push(userId);
      if (refuse)
        return fail(refuse.status, 'CONFLICT', refuse.message, undefined, {
          body: { reason: refuse.reason },
        });
      const entry = world.rooms.find((e) => e.room.id === params.id);
      if (entry) {
        entry.attendees = entry.attendees?.filter((u) => u.id !== userId);
        entry.guests = entry.guests?.filter((g) => g.user.id !== userId);
      }
      return mockOk(guestEndpoints.remove, null);
    }),
  );
  return asked;
}
