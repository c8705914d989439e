import { transactionEndpoints, type OverallBalances, type User } from '@outing/contract';
import { MOCK_MONEY_ROOMS, mockPeople } from './demo';
import { mockFixed } from './route';

// Mock mode for GET /balances (docs/money.md), thin (decision 022): fixed demo figures, written to match
// the demo's unpaid payments (mocks/transactions.ts) so that Home's card and its To pay / To receive agree
// in the demo. Nothing is computed here: the real balances are the server's, tested against it
// (balances-card.server.test.tsx, settle-up.server.test.tsx).

const { lisbon, camden } = MOCK_MONEY_ROOMS;
const { ben, chloe, dev, felix } = mockPeople;

/** A person's USD net with me, all of it in `room`. */
const person = (user: User, net: number, room: { id: string; name: string }) => ({
  userId: user.id,
  user,
  currency: 'USD',
  net,
  rooms: [{ roomId: room.id, roomName: room.name, net }],
});

/** The demo's balances: felix owes 120.00 (Lisbon), ben 9.75 (Camden); I owe dev 18.40 and chloe 12.50 (Camden). */
const DEMO_BALANCES: OverallBalances = {
  totals: [{ currency: 'USD', owe: 30.9, owed: 129.75, toPay: 30.9, toReceive: 129.75 }],
  people: [
    person(felix, 120, lisbon),
    person(dev, -18.4, camden),
    person(chloe, -12.5, camden),
    person(ben, 9.75, camden),
  ],
};

export const balancesHandlers = [mockFixed(transactionEndpoints.balances, DEMO_BALANCES)];
