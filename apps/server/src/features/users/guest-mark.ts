import type { User } from '@outing/contract';

/**
 * The guest mark of a user object a room's member reads (issue 35; docs/decisions/026-guests.md): `{ isGuest: true }`
 * for a guest, nothing at all for an account (never `false` nor `null`), so that an account's object is what it was
 * before guests. `isGuest` is the users row's `(guest_room_id IS NOT NULL)`, selected next to the columns the
 * mapper already reads (no new join): `...guestMark(r.is_guest)`.
 */
export const guestMark = (isGuest: boolean | null | undefined): Pick<User, 'isGuest'> =>
  isGuest ? { isGuest: true } : {};
