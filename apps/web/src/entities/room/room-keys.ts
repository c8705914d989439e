/**
 * Query keys of the rooms calls (a shared convention: other features invalidate them). The cache is cleared on
 * logout, so they need no user id.
 */
export const roomKeys = {
  all: ['rooms'] as const,
  /** The user's open rooms, in pages (lib/cursor-pages.ts). */
  list: () => ['rooms', 'list'] as const,
  /** Every open room at once: only the account deletion warning (get-rooms.ts, useAllRooms). */
  allList: () => ['rooms', 'list', 'all'] as const,
  count: () => ['rooms', 'count'] as const,
  public: () => ['rooms', 'public'] as const,
  invites: () => ['rooms', 'invites'] as const,
  inviteCount: () => ['rooms', 'invites', 'count'] as const,
  detail: (roomId: string) => ['rooms', 'detail', roomId] as const,
  attendees: (roomId: string) => ['rooms', 'attendees', roomId] as const,
  uninvited: (roomId: string) => ['rooms', 'uninvited', roomId] as const,
};

/** Venue searches are not rooms data: nothing invalidates them. */
export const venueKeys = {
  search: (query: string) => ['venues', 'search', query] as const,
};

/** The bills feature's consolidation status of a room (GET /v1/bills/consolidate/{roomId}). */
export const consolidationKey = (roomId: string) => ['bills', 'consolidated', roomId] as const;

/** The profile screen counts rooms under its own key; room changes refresh it too. */
export const profileRoomCountKey = (userId: number) => ['users', userId, 'rooms', 'count'] as const;
