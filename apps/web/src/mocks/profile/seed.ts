import { http } from 'msw';
import { API_BASE } from '@/lib/api-client';
import { mockDelay } from '../delay';
import { ok } from '../envelope';

/** GET /v1/rooms/count: how many open rooms the signed-in user is in. */
export const profileRoomCountHandlers = [
  http.get(`${API_BASE}/rooms/count`, async () => {
    await mockDelay();
    return ok({ count: 3 });
  }),
];
