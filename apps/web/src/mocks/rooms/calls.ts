import type { PathParams } from 'msw';
import type { EndpointDeclaration, TokenClaims, User } from '@outing/contract';
import { fail } from '../envelope';
import { signedIn } from '../request';
import { mockRoute } from '../route';
import type { MockRoomEntry, RoomsWorld } from './world';

// How the rooms mock's handlers are called: by a signed-in user, on a room of the world.

type Call = { me: User; entry: MockRoomEntry; request: Request; params: PathParams };

/** The signed-in user, as the token names them. */
export const meOf = ({
  user_id: id,
  username,
  user_email: email,
  picture_url: pictureUrl,
}: TokenClaims): User => {
  return { id, username, email, pictureUrl };
};

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** The room `id` of the world, if it holds one. */
export const findRoom = (world: RoomsWorld, id: string) =>
  UUID_V4.test(id) ? world.rooms.find((r) => r.room.id === id.toLowerCase()) : undefined;

/** Whether the world's reader is a member of the room (the contract's `myRsvp`: null or `invited` for others). */
export const isMine = ({ room }: MockRoomEntry) => room.myRsvp !== null && room.myRsvp !== 'invited';

/**
 * The resolver of a call on the room /rooms/{id}…: signed in (else 401), a room of the world (else 404), and for
 * `members` calls one of mine (else 403, the server's answer to a visitor).
 */
export const onRoom = (
  world: RoomsWorld,
  answer: (call: Call) => Response | Promise<Response>,
  members = false,
) =>
  signedIn<{ id: string }>(({ claims, request, params }) => {
    const entry = findRoom(world, params.id);
    if (!entry) return fail(404, 'NOT_FOUND', 'Room not found.');
    if (members && !isMine(entry)) return fail(403, 'NOT_MEMBER', 'You are not a member of this room.');
    return answer({ me: meOf(claims), entry, request, params });
  });

export const asMe = (answer: (me: User, request: Request) => Response | Promise<Response>) =>
  signedIn(({ claims, request }) => answer(meOf(claims), request));

/** `mockRoute(endpoint, onRoom(world, answer, members))`, for a call on a room of `world`. */
export const roomRoute =
  (world: RoomsWorld) =>
  (endpoint: EndpointDeclaration, answer: (call: Call) => Response | Promise<Response>, members = false) =>
    mockRoute(endpoint, onRoom(world, answer, members) as never);
