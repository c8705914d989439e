/**
 * Query keys of the payments calls. The transaction ones sit under `['transactions']`, so every frame that marks the
 * transactions stale (app/realtime/cache-sync.ts) refreshes an open pay sheet or detail too.
 */
export const paymentKeys = {
  methods: (userId: number) => ['users', userId, 'payment-methods'] as const,
  options: (transactionId: number) => ['transactions', 'payment-options', transactionId] as const,
  detail: (transactionId: number) => ['transactions', 'detail', transactionId] as const,
};
