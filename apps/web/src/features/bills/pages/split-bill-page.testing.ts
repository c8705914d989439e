import { screen } from '@testing-library/react';
import type { MockBillSeed } from '../api/mocks';
import { ROOM_ID, ada, ben, chloe, renderBillScreen } from '../test-support';

// What the split bill screen's tests share (split-bill-page.test.tsx, split-bill-page.consolidate.test.tsx).

export const PATH = `/room/${ROOM_ID}/bill/split`;

export const bill = (
  b: Partial<MockBillSeed> & Pick<MockBillSeed, 'id' | 'name' | 'amount' | 'ownerId' | 'payers'>,
) => ({
  roomId: ROOM_ID,
  includeOwner: true,
  addedMinutesAgo: 100 - b.id,
  ...b,
});

// Newest first as the server lists them: Taxi (ben), Drinks (ada), Pizza (ada).
export const threeBills = [
  bill({
    id: 1,
    name: 'Pizza',
    amount: 42,
    ownerId: ada.id,
    payers: [ben.id, chloe.id],
    date: '2026-11-20T12:30:00.000Z',
  }),
  bill({ id: 2, name: 'Drinks', amount: 10.1, ownerId: ada.id, payers: [ben.id], includeOwner: false }),
  bill({ id: 3, name: 'Taxi', amount: 7, ownerId: ben.id, payers: [ada.id, chloe.id], includeOwner: false }),
];

export async function renderSplit(state?: unknown) {
  const view = renderBillScreen(PATH, state);
  await screen.findByRole('heading', { level: 1, name: 'Split bill' });
  return view;
}

export const groups = () => screen.getAllByTestId('bill-group');
