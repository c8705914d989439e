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
  /** The prefix of every cached list of the room's bills (the pages below): a delete edits them all. */
  list: (roomId: string) => ['bills', roomId, 'list'] as const,
  /**
   * Data: CursorPages<Bill>, the room's bills a page at a time (the Money section, the edit page); under `list`,
   * so whatever refreshes the whole list refreshes the pages too.
   */
  pages: (roomId: string) => ['bills', roomId, 'list', 'pages'] as const,
  /**
   * Data: CursorPages<Bill>, the bills one member paid, 10 a page (`?ownerId=`): an owner's group on the split page.
   */
  ownerPages: (roomId: string, ownerId: number) => ['bills', roomId, 'list', 'owner', ownerId] as const,
  /** Data: BillsSummary, how many bills and their total, in all and per owner (GET /v1/rooms/{id}/bills/summary). */
  summary: (roomId: string) => ['bills', roomId, 'summary'] as const,
  /** Data: a boolean, whether the room has any bill (a one-bill page: the room's currency is locked then). */
  any: (roomId: string) => ['bills', roomId, 'any'] as const,
  /** Data: Balances of the open round (GET /v1/rooms/{id}/balances). */
  balances: (roomId: string) => ['bills', roomId, 'balances'] as const,
  /** Data: Round[], newest first (GET /v1/rooms/{id}/rounds). */
  rounds: (roomId: string) => ['bills', roomId, 'rounds'] as const,
  /** Data: CursorPages<Round>, the settled rounds a page at a time (the split page's payments); under `rounds`. */
  roundPages: (roomId: string) => ['bills', roomId, 'rounds', 'pages'] as const,
  /** Data: a boolean (`data.isConsolidated`), as the rooms feature stores it too. */
  consolidated: (roomId: string) => ['bills', 'consolidated', roomId] as const,
};

export const sharedRoomKeys = {
  /** Data: a Room. */
  detail: (roomId: string) => ['rooms', 'detail', roomId] as const,
  /** Data: User[], the host first. */
  attendees: (roomId: string) => ['rooms', 'attendees', roomId] as const,
};
