/**
 * Query keys the bills screens use (shared conventions: the realtime module invalidates `['bills', roomId]` and
 * `['bills', 'consolidated', roomId]` on `BILL_CREATED`, `BILL_UPDATED`, `BILLS_CONSOLIDATED` and
 * `TRANSACTION_SETTLED`). The list, the open round's balances and the settled rounds all live under
 * `['bills', roomId]`, so one invalidation refreshes the whole Money section. The room and its attendees are the
 * rooms feature's keys: the same data under the same key, so the two features share one cache entry.
 */
export const billKeys = {
  all: ['bills'] as const,
  room: (roomId: string) => ['bills', roomId] as const,
  list: (roomId: string) => ['bills', roomId, 'list'] as const,
  /** Data: Balances of the open round (GET /v1/rooms/{id}/balances). */
  balances: (roomId: string) => ['bills', roomId, 'balances'] as const,
  /** Data: Round[], newest first (GET /v1/rooms/{id}/rounds). */
  rounds: (roomId: string) => ['bills', roomId, 'rounds'] as const,
  /** Data: a boolean (`data.isConsolidated`), as the rooms feature stores it too. */
  consolidated: (roomId: string) => ['bills', 'consolidated', roomId] as const,
};

export const sharedRoomKeys = {
  /** Data: a Room. */
  detail: (roomId: string) => ['rooms', 'detail', roomId] as const,
  /** Data: User[], the host first. */
  attendees: (roomId: string) => ['rooms', 'attendees', roomId] as const,
};
