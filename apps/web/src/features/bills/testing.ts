import type { Bill, Split, User } from '@outing/contract';

// Test data of the bills feature's component tests: a bill as GET /bills answers it (docs/api/README.md#bills), from
// its shares written out as the server split them. Nothing is split here: the splitting is the server's, tested
// against it (*.server.test.tsx). Tests serve these bills themselves (src/test/bill-screens.tsx's serveBills).

export interface TestBill {
  id: number;
  name: string;
  amount: number;
  owner: User;
  /** Each participant's share as the server split it: [userId, amount]. */
  shares: [number, number][];
  /** As sent; an equal split among the sharers when left out. */
  split?: Split;
  createdBy?: number;
  minutesAgo?: number;
  currency?: string;
}

/** `b` in room `roomId`, as GET /bills answers it. */
export function testBill(roomId: string, b: TestBill): Bill {
  const date = new Date(Date.now() - (b.minutesAgo ?? 0) * 60_000).toISOString();
  const ids = b.shares.map(([userId]) => userId);
  return {
    id: b.id,
    name: b.name,
    amount: b.amount,
    includeOwner: ids.includes(b.owner.id),
    date,
    roomId,
    payers: ids.filter((id) => id !== b.owner.id),
    ownerId: b.owner.id,
    owner: { ...b.owner, email: '' },
    consolidationId: null,
    shares: b.shares.map(([userId, amount]) => ({ userId, amount })),
    split: b.split ?? { mode: 'equal', userIds: ids },
    createdBy: b.createdBy ?? b.owner.id,
    currency: b.currency ?? 'USD',
    updatedAt: date,
  };
}
