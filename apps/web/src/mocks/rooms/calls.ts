import type { PathParams } from 'msw';
import type { User } from '@outing/contract';
import { fail } from '../envelope';
import { signedIn } from '../request';
import type { MockRoom } from './seed';
import { meOf, type RoomsView } from './view';

// How the rooms mock's handlers are called: by a signed-in user, on a room of the seed.

type Call = { me: User; room: MockRoom; request: Request; params: PathParams };

/**
 * The resolver of a call on the room /rooms/{id}…: signed in (else 401), a room of the seed (else 404), and for
 * `members` calls one the seed makes me a member of (else 403, the server's answer to a visitor).
 */
export const onRoom = (
  view: RoomsView,
  answer: (call: Call) => Response | Promise<Response>,
  members = false,
) =>
  signedIn<{ id: string }>(({ claims, request, params }) => {
    const room = view.find(params.id);
    if (!room) return fail(404, 'NOT_FOUND', 'Room not found.');
    const me = meOf(claims);
    if (members && !view.isMember(room, me.id))
      return fail(403, 'NOT_MEMBER', 'You are not a member of this room.');
    return answer({ me, room, request, params });
  });

export const asMe = (answer: (me: User, request: Request) => Response | Promise<Response>) =>
  signedIn(({ claims, request }) => answer(meOf(claims), request));
