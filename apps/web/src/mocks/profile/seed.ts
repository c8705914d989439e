import { roomEndpoints } from '@outing/contract';
import { mockFixed } from '../route';

/** GET /v1/rooms/count: how many open rooms the signed-in user is in. */
export const profileRoomCountHandlers = [mockFixed(roomEndpoints.count, { count: 3 })];
