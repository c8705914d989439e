/**
 * Query keys the bills screens use (shared conventions: the realtime module invalidates `['bills', roomId]` and
 * `['bills', 'consolidated', roomId]` on `BILL_CREATED` / `BILLS_CONSOLIDATED`). The room and its attendees are
 * the rooms feature's keys: the same data under the same key, so the two features share one cache entry.
 */
export const billKeys = {
  all: ['bills'] as const,
  room: (roomId: string) => ['bills', roomId] as const,
  list: (roomId: string) => ['bills', roomId, 'list'] as const,
  /** Data: a boolean (`data.isConsolidated`), as the rooms feature stores it too. */
  consolidated: (roomId: string) => ['bills', 'consolidated', roomId] as const,
};

export const sharedRoomKeys = {
  /** Data: a Room. */
  detail: (roomId: string) => ['rooms', 'detail', roomId] as const,
  /** Data: User[], the host first. */
  attendees: (roomId: string) => ['rooms', 'attendees', roomId] as const,
};
