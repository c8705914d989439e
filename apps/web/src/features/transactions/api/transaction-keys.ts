/**
 * Query keys of the transactions calls (shared: the realtime module invalidates the `['transactions']` prefix on
 * `BILLS_CONSOLIDATED` and `TRANSACTION_SETTLED`). The cache is cleared on logout, so they need no user id.
 */
export const transactionKeys = {
  all: ['transactions'] as const,
  list: (isPaid: boolean) => ['transactions', { isPaid }] as const,
  /** One side of the unpaid list in pages (Home's To pay, To receive); under `list(false)`. */
  unpaid: (role: 'payer' | 'payee') => ['transactions', { isPaid: false }, 'pages', role] as const,
  /** The paid history in pages (profile); under `list(true)`, so whatever refreshes that refreshes it too. */
  history: () => ['transactions', { isPaid: true }, 'pages'] as const,
  /** The payments awaiting confirmation (`status=paid`) in pages; under `list(true)` like the history. */
  awaiting: () => ['transactions', { isPaid: true }, 'awaiting'] as const,
};
