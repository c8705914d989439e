import { http } from 'msw';
import { API_BASE } from '../../../lib/api-client';
import { ok } from '../../../mocks/envelope';
import { signedIn } from '../../../mocks/request';
import { defaultBillsSeed, mockBillRoom, type BillsMockSeed } from './mocks-seed';
import { memberRoom, roomNotFound } from './mocks-store';

/**
 * GET /v1/rooms/{id} and /attendees for the seed's rooms. The rooms feature answers these in mock mode; the bill
 * screens' tests use these so that they need nothing else. Do not register both.
 */
export function createBillRoomHandlers(seed: BillsMockSeed = defaultBillsSeed()) {
  return [
    http.get<{ id: string }>(
      `${API_BASE}/rooms/:id`,
      signedIn(({ params }) => {
        const room = seed.rooms.find((r) => r.id === params.id);
        return room ? ok(mockBillRoom(room, seed.people)) : roomNotFound();
      }),
    ),
    http.get<{ id: string }>(
      `${API_BASE}/rooms/:id/attendees`,
      signedIn(({ params, claims }) => {
        const room = memberRoom(seed.rooms, params.id, claims.user_id);
        if (room instanceof Response) return room;
        return ok(
          room.members.map((id) => {
            const person = seed.people.find((p) => p.id === id)!;
            return { ...person, email: '' };
          }),
        );
      }),
    ),
  ];
}
