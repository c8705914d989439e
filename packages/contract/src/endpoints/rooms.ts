import type { EndpointDeclaration } from '../endpoint.js';

/** Rooms: lists, creation, a room, RSVPs, guests, joining, leaving and closing (docs/api/README.md#rooms). */
export const roomEndpoints = {} satisfies Record<string, EndpointDeclaration>;
