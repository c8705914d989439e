import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyFrame } from '@/app/realtime/cache-sync';
import { paymentKeys, transactionKeys } from '@/lib/query-keys';

// Both sides see a step live (issue #19): TRANSACTION_UPDATED marks every transactions query stale.

describe('TRANSACTION_UPDATED', () => {
  it('marks the lists, an open detail, a pay sheet’s options and the room’s debts stale, and nothing else', () => {
    const client = new QueryClient();
    const keys = [
      transactionKeys.list(false),
      transactionKeys.list(true),
      paymentKeys.detail(27),
      paymentKeys.options(27),
      paymentKeys.methods(7),
      ['bills', 'r', 'balances'],
      ['bills', 'r', 'list'],
      ['rooms', 'list'],
    ];
    for (const key of keys) client.setQueryData(key, []);
    applyFrame(
      client,
      { type: 'TRANSACTION_UPDATED', data: { transactionId: 27, roomId: 'r', status: 'unpaid' } },
      7,
    );
    const stale = keys.map((key) => client.getQueryState(key)?.isInvalidated);
    expect(stale).toEqual([true, true, true, true, false, true, false, false]);
  });
});
