/**
 * Query keys of the balances calls. `['balances']` is refreshed by the realtime module on the bill and transaction
 * frames (app/realtime/cache-sync.ts); past rooms live under the rooms prefix so that a room's close refreshes them.
 * The cache is cleared on logout, so they need no user id.
 */
export const balanceKeys = {
  all: ['balances'] as const,
  pastRooms: () => ['rooms', 'past'] as const,
};
