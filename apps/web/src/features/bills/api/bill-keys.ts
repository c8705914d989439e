import { roomKeys } from '@/entities/room/room-keys';

/**
 * Query keys the bills screens use (shared conventions: the realtime module invalidates `['bills', roomId]` and
 * `['bills', 'consolidated', roomId]` on `BILL_CREATED`, `BILL_UPDATED`, `BILLS_CONSOLIDATED` and
 * `TRANSACTION_SETTLED`). The list and the room's balances live under `['bills', roomId]`, so one invalidation
 * refreshes the whole Money section. The room and its attendees are the
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
  /** Data: a boolean, whether the room has any bill (a one-bill page: the room's currency is locked then). */
  any: (roomId: string) => ['bills', roomId, 'any'] as const,
  /** Data: the room's Balances (GET /v1/rooms/{id}/balances): every member's net and the fewest transfers. */
  balances: (roomId: string) => ['bills', roomId, 'balances'] as const,
  /** Data: a boolean (`data.isConsolidated`), as the rooms feature stores it too. */
  consolidated: (roomId: string) => ['bills', 'consolidated', roomId] as const,
};

/** The rooms feature's keys of the room (data: a Room) and its members (data: User[], the host first). */
export const sharedRoomKeys = { detail: roomKeys.detail, attendees: roomKeys.attendees };
