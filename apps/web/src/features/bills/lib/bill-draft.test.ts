import { describe, expect, it } from 'vitest';
import { testBill } from '../testing';
import { draftFromBill } from './bill-draft';

// Editing a bill entered in another currency (issue 36, docs/api/README.md "Real bills"): the form opens with the
// amounts as entered, in the bill's currency, and its rate or converted amount; `amount` is the room's.

const ann = { id: 1, username: 'ann', email: '', pictureUrl: '' };

describe('draftFromBill', () => {
  it('opens a yen bill in an SGD room with the yen amount and its rate', () => {
    const bill = {
      ...testBill('r', {
        id: 7,
        name: 'Ramen',
        amount: 112.34,
        owner: ann,
        shares: [[1, 112.34]],
        currency: 'JPY',
      }),
      roomCurrency: 'SGD',
      originalAmount: 12345,
      rate: '0.0091',
    };
    const draft = draftFromBill(bill, [1], 'en-SG');
    expect(draft.amount).toBe('12,345');
    expect(draft.foreign).toEqual({ currency: 'JPY', how: 'rate', rate: '0.0091', converted: '' });
    expect(draft.wasForeign).toBe(true);
  });

  it('opens one given by its converted amount with that amount in the room’s currency', () => {
    const bill = {
      ...testBill('r', {
        id: 8,
        name: 'Izakaya',
        amount: 113,
        owner: ann,
        shares: [[1, 113]],
        currency: 'JPY',
      }),
      roomCurrency: 'SGD',
      originalAmount: 12345,
      rate: null,
    };
    const draft = draftFromBill(bill, [1], 'en-SG');
    expect(draft.amount).toBe('12,345');
    expect(draft.foreign).toMatchObject({ currency: 'JPY', how: 'converted', converted: '113.00' });
  });

  it('opens a bill in the room’s currency as before (an older server’s answer has no roomCurrency)', () => {
    const bill = testBill('r', {
      id: 9,
      name: 'Taxi',
      amount: 12.5,
      owner: ann,
      shares: [[1, 12.5]],
      currency: 'SGD',
    });
    const draft = draftFromBill(bill, [1], 'en-SG');
    expect(draft.amount).toBe('12.50');
    expect(draft.foreign).toBeUndefined();
    expect(draft.wasForeign).toBeUndefined();
    expect(
      draftFromBill({ ...bill, roomCurrency: 'SGD', originalAmount: 12.5 }, [1], 'en-SG').foreign,
    ).toBeUndefined();
  });
});

describe('draftFromBill: an item for everyone', () => {
  const receipt = (userIds: number[]) =>
    testBill('r', {
      id: 8,
      name: 'Crab',
      amount: 30,
      owner: ann,
      shares: userIds.map((id) => [id, 30 / userIds.length] as [number, number]),
      split: { mode: 'items', items: [{ name: 'Crab', amount: 30, userIds }], charges: [] },
    });

  it('reopens as Everyone when its people are every member of the room', () => {
    const draft = draftFromBill(receipt([3, 1, 2]), [1, 2, 3], 'en-US');
    expect(draft.items[0]).toMatchObject({ everyone: true, userIds: [3, 1, 2] });
  });

  it('stays a list when someone in the room now is not in it, or a former member is', () => {
    expect(draftFromBill(receipt([1, 2]), [1, 2, 3], 'en-US').items[0]!.everyone).toBe(false);
    expect(draftFromBill(receipt([1, 2, 4]), [1, 2, 3], 'en-US').items[0]!.everyone).toBe(false);
  });
});
