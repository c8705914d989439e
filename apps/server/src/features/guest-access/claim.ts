import type { Room } from '@outing/contract';
import type { Db } from '../../db/pool.js';
import { verifySession } from '../../lib/auth.js';
import { AppError, badRequest, conflict } from '../../lib/errors.js';
import type { AppEvents } from '../../lib/events.js';
import type { RealtimeHub } from '../../lib/realtime/hub.js';
import type { TokenService } from '../../lib/tokens.js';
import { ledgerChanged, reconcile } from '../bills/ledger.js';
import { deliver, readResolved } from '../notifications/service.js';
import { isMember, lockRoom, selectRoom, type Tx } from '../rooms/queries.js';
import { touchRoom } from '../rooms/queries-membership.js';
import {
  acceptPendingInvite,
  deleteGuestUser,
  deleteReferences,
  hasLedgerRows,
  lockGuest,
  mergePaymentMethods,
  moveActivitySides,
  moveReferences,
  moveSplits,
  userReferences,
  type UserReference,
} from './queries-claim.js';

/**
 * Claiming a guest (docs/api/README.md#guests, docs/decisions/026-guests.md "Claiming"): the signed-in account takes
 * over everything the guest did in its one room, in one transaction under the room's lock (the lock every bill edit
 * and payment takes, so the ledger is never seen half moved), and the guest is gone. Every row keeps its amounts:
 * only who it names changes, so every net stays the same to the unit, the guest's now under the account.
 */
export type ClaimContext = {
  db: Db;
  events: AppEvents;
  hub: RealtimeHub;
  tokens: TokenService;
  publicUrl: string;
};
type Me = { id: number };

/**
 * The guest's rows that make no sense on an account, deleted rather than moved: its sign-in and device rows (its
 * tokens end with it; an account has its own codes, resets, Google identities, push endpoints, calendar and invite
 * links; the guest's personal link would open the account), and friendships, which a guest cannot have (the friend
 * routes are not open to guests) and whose pair indexes a move could break. Every other foreign key to users (id) is moved (`moveReferences`).
 */
export const DELETED_GUEST_REFERENCES: ReadonlySet<string> = new Set([
  'calendar_feeds.user_id',
  'friend_requests.receiver_id',
  'friend_requests.sender_id',
  'friendships.friend_id',
  'friendships.user_id',
  'guest_device_links.user_id',
  'invite_links.user_id',
  'oauth_identities.user_id',
  'otp_codes.user_id',
  'push_subscriptions.user_id',
  'reset_tokens.user_id',
  'revoked_tokens.user_id',
]);

const keyOf = (ref: UserReference) => `${ref.table}.${ref.column}`;
const tokenIssue = (message: string) => badRequest(message, [{ path: 'guestToken', message }]);
const NOT_GUEST = 'This is not a guest token.';
const ENDED = 'This guest token no longer works: the guest was removed, signed out or already kept.';

/**
 * The guest of a guest token, checked as a session is (lib/auth.ts): 400 for anything else, a sentence for a
 * token that is not one, has expired, or whose guest was removed, signed out or claimed already.
 */
async function guestOf(ctx: ClaimContext, token: string): Promise<{ id: number; roomId: string }> {
  const refused = (err: unknown, message: string) => {
    if (err instanceof AppError && err.status === 401)
      return tokenIssue(err.reason === 'SESSION_EXPIRED' ? 'This guest token has expired.' : message);
    return err;
  };
  try {
    await ctx.tokens.verify(token);
  } catch (err) {
    throw refused(err, NOT_GUEST);
  }
  let user;
  try {
    ({ user } = await verifySession(ctx.db, ctx.tokens, token));
  } catch (err) {
    throw refused(err, ENDED);
  }
  if (user.guestRoomId === null) throw tokenIssue(NOT_GUEST);
  return { id: user.id, roomId: user.guestRoomId };
}

/** Every row naming the guest now names the account; a guest's sign-in rows go (`DELETED_GUEST_REFERENCES`). */
async function moveEverything(tx: Tx, roomId: string, guestId: number, accountId: number) {
  for (const ref of await userReferences(tx)) {
    if (DELETED_GUEST_REFERENCES.has(keyOf(ref))) await deleteReferences(tx, ref, guestId);
    else if (keyOf(ref) === 'payment_methods.user_id') await mergePaymentMethods(tx, guestId, accountId);
    else await moveReferences(tx, ref, guestId, accountId);
  }
  await moveActivitySides(tx, roomId, guestId, accountId);
  await moveSplits(tx, roomId, guestId, accountId);
}

/**
 * `POST /auth/claim-guest`: 400 for a token that is not a live guest's; under the room's lock, 409 when the
 * account is a member of the room already, or has money in its ledger (a past member: its shares and the guest's
 * cannot be one person's without adding them up); then every row moves, the guest is deleted, its sockets are
 * closed and its sessions forgotten (the token revocation event), and the room is answered as the account sees it.
 */
export async function claimGuest(ctx: ClaimContext, me: Me, guestToken: string): Promise<Room> {
  const guest = await guestOf(ctx, guestToken);
  const { roomId } = guest;
  const revokedAt = Date.now();
  const { pending, ledger } = await ctx.db.transaction(async (tx) => {
    // The room first, then the guest's row: a bill edit holds the room's lock when it checks its payers' rows.
    const room = await lockRoom(tx, roomId);
    const locked = await lockGuest(tx, guest.id);
    if (!room || locked?.guest_room_id !== roomId) throw tokenIssue(ENDED);
    if (await isMember(tx, roomId, me.id))
      throw conflict('You are already a member of this room.', 'ALREADY_MEMBER');
    if (await hasLedgerRows(tx, roomId, me.id))
      throw conflict(
        'This account already has bills or payments in this room, so the guest cannot be kept in it. Use another account.',
        'ALREADY_MEMBER',
      );
    // Joining through the guest counts as answering a pending invite of the account, as joining does.
    await acceptPendingInvite(tx, roomId, me.id);
    await moveEverything(tx, roomId, guest.id, me.id);
    await deleteGuestUser(tx, guest.id);
    await touchRoom(tx, roomId);
    // The nets are the same, but the fewest transfers are chosen by id: brought to the new ids.
    const ledger = await reconcile(tx, roomId, me.id);
    return { pending: await readResolved(tx, { inviteOf: { roomId, userId: me.id } }), ledger };
  });
  ctx.events.emitTokensRevoked(guest.id, revokedAt);
  deliver(ctx.events, pending);
  ctx.events.emitRoomUpdated(roomId);
  // The members' balances and transfers now name the account: their clients read them again.
  await ledgerChanged(ctx, roomId, ledger);
  return (await selectRoom(ctx.db, me.id, ctx.publicUrl, roomId))!;
}
