import { transactionsMockStore, type TransactionsMockStore } from '../../transactions/api/mocks';
import { billHandlers } from './mocks-bills';
import { consolidationHandlers } from './mocks-consolidation';
import { moneyHandlers } from './mocks-money';
import { defaultBillsSeed, type BillsMockSeed } from './mocks-seed';
import { createBillsStore } from './mocks-store';

// Mock mode for bills (docs/api/README.md#bills, #splitting, #live-ledger): the seed (mocks-seed.ts), the state (mocks-store.ts) and one file of
// handlers a resource. The rooms they belong to are the rooms feature's mock rooms (same ids). Thin
// (docs/principles.md, principle 7): the money of a room is fixed demo data; the rules are the server's, tested
// against it (*.server.test.tsx).

export { createBillRoomHandlers } from './mocks-rooms';
export {
  defaultBillsSeed,
  mockBill,
  mockBillRoom,
  type BillsMockSeed,
  type MockBillRoom,
  type MockBillSeed,
} from './mocks-seed';

/**
 * The bills calls. `transactions` is the store a Settle up answers from (the transactions handlers read it);
 * each call of this function starts from `seed` afresh.
 */
export function createBillsHandlers(
  seed: BillsMockSeed = defaultBillsSeed(),
  transactions: TransactionsMockStore = transactionsMockStore,
) {
  const store = createBillsStore(seed);
  return [...billHandlers(store), ...consolidationHandlers(store, transactions), ...moneyHandlers(store)];
}

/** Register in `src/mocks/handlers.ts` (before the rooms handlers, which answer GET /bills/consolidate too). */
export const billsHandlers = createBillsHandlers(defaultBillsSeed(), transactionsMockStore);
