import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import type { Bill } from '@outing/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_BASE } from '@/lib/api-client';
import { ok } from '@/mocks/envelope';
import { server } from '@/test/server';
import { ROOM_ID, ada, ben, chloe, renderBillScreen, roomSeed, serveBills } from '@/test/bill-screens';
import {
  amountField,
  back,
  billOf,
  capture,
  liveShares,
  mode,
  nameField,
  navState,
  personField,
  renderForm,
  review,
  reviewShares,
  type,
  half,
} from './create-bill-page.testing';
import { setTestLanguage } from '@/test/i18n';

// Amounts in these tests are written the en-US way ($12.50); dates are whatever the tests say.
beforeEach(() => setTestLanguage('en', 'en-US'));

// Issue #18: a bill of the open round is edited in the same form, pre-filled from its split in any mode.

configure({ asyncUtilTimeout: 5000 });
// A whole bill typed key by key takes seconds in jsdom on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

const PATH = `/room/${ROOM_ID}/bill/61/edit`;

function serveBill(bill: Bill) {
  server.use(http.get(`${API_BASE}/bills`, () => ok([bill])));
}

beforeEach(() => {
  serveBills();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('edit bill: pre-filled from the bill', () => {
  it('equal', async () => {
    serveBill(
      billOf({ amount: 30, split: { mode: 'equal', userIds: [ada.id, ben.id] }, shares: half(15, 15) }),
    );
    await renderForm(PATH);
    expect(screen.getByRole('heading', { level: 1, name: 'Edit bill' })).toBeInTheDocument();
    expect(nameField()).toHaveValue('Dinner');
    expect(amountField()).toHaveValue('30.00');
    expect(screen.getByRole('radio', { name: 'Equally' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'ben_k' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'chloe.m' })).not.toBeChecked();
    expect(liveShares()).toEqual(['ada (you)$15.00', 'ben_k$15.00']);
  });

  it('exact', async () => {
    const split = { mode: 'exact' as const, amounts: half(10, 20) };
    serveBill(billOf({ amount: 30, split, shares: half(10, 20), ownerId: ben.id }));
    await renderForm(PATH);
    expect(screen.getByRole('radio', { name: 'Exact' })).toBeChecked();
    expect(screen.getByLabelText('Paid by')).toHaveDisplayValue('ben_k');
    expect(personField('ada')).toHaveValue('10.00');
    expect(personField('ben_k')).toHaveValue('20.00');
    expect(personField('chloe.m')).toHaveValue('');
  });

  it('shares', async () => {
    const shares = [
      { userId: ada.id, shares: 2 },
      { userId: chloe.id, shares: 1 },
    ];
    serveBill(billOf({ amount: 30, split: { mode: 'shares', shares }, shares: half(20, 10) }));
    await renderForm(PATH);
    expect(screen.getByRole('radio', { name: 'Shares' })).toBeChecked();
    expect(personField('ada')).toHaveValue('2');
    expect(personField('chloe.m')).toHaveValue('1');
    expect(personField('ben_k')).toHaveValue('');
  });

  it('percent, in the user’s locale (de-DE: 62,5)', async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('de-DE');
    setTestLanguage('en', 'de-DE');
    const percents = [
      { userId: ada.id, percent: 62.5 },
      { userId: ben.id, percent: 37.5 },
    ];
    serveBill(billOf({ amount: 1200, split: { mode: 'percent', percents }, shares: half(750, 450) }));
    await renderForm(PATH);
    expect(screen.getByRole('radio', { name: 'Percent' })).toBeChecked();
    expect(amountField()).toHaveValue('1.200,00');
    expect(personField('ada')).toHaveValue('62,5');
    expect(personField('ben_k')).toHaveValue('37,5');
  });

  it('items with charges', async () => {
    const split = {
      mode: 'items' as const,
      items: [
        { name: 'Pasta', amount: 18, userIds: [ada.id] },
        { name: 'Wine', amount: 45, userIds: [ada.id, ben.id] },
      ],
      charges: [{ name: 'Service', percent: 10, amount: 6.3 }],
    };
    serveBill(billOf({ amount: 69.3, split, shares: half(44.55, 24.75) }));
    await renderForm(PATH);
    expect(screen.getByRole('radio', { name: 'Items' })).toBeChecked();
    expect(screen.getByLabelText('Item 2')).toHaveValue('Wine');
    expect(screen.getByLabelText('Item 2 Amount')).toHaveValue('45.00');
    const wine = screen.getByRole('group', { name: 'Who had item 2' });
    expect(within(wine).getByRole('checkbox', { name: 'ben_k' })).toBeChecked();
    expect(within(wine).getByRole('checkbox', { name: 'chloe.m' })).not.toBeChecked();
    expect(screen.getByLabelText('Charge 1')).toHaveValue('Service');
    expect(screen.getByLabelText('Charge 1 Percent')).toHaveValue('10');
    expect(amountField()).toHaveValue('69.30');
    expect(liveShares()).toEqual(['ada (you)$44.55', 'ben_k$24.75']);
  });
});

describe('edit bill: a real receipt (issue 36)', () => {
  const split = {
    mode: 'items' as const,
    items: [
      { name: 'Crab', amount: 60, userIds: [ada.id, ben.id] },
      { name: 'Beer', amount: 27, userIds: [ben.id], quantity: 3 },
    ],
    charges: [
      { name: 'Delivery', amount: 5 },
      { name: 'Discount', percent: -10, amount: -9.2 },
      { name: 'Voucher', amount: -10 },
    ],
  };
  // 87 + 5 − 9.20 − 10 = 72.80: ada 30/87 of it (25.10), ben 57/87 (47.70).
  const bill = () => billOf({ amount: 72.8, split, shares: half(25.1, 47.7) });

  it('keeps a fixed charge, a negative percent and a voucher, and the quantity, in the PATCH body', async () => {
    serveBill(bill());
    const bodies = capture('patch', () => ok(bill()));
    await renderForm(PATH, navState);
    expect(screen.getByLabelText('Quantity of Beer')).toHaveValue('3');
    expect(screen.getByRole('combobox', { name: 'Charge 1 kind' })).toHaveValue('amount');
    expect(screen.getByLabelText('Charge 1 Amount')).toHaveValue('5.00');
    expect(screen.getByRole('combobox', { name: 'Charge 2 kind' })).toHaveValue('percent');
    expect(screen.getByLabelText('Charge 2 Percent')).toHaveValue('10');
    expect(screen.getByRole('checkbox', { name: 'Charge 2 is a discount' })).toBeChecked();
    expect(screen.getByLabelText('Charge 3 Amount')).toHaveValue('10.00');
    expect(screen.getByRole('checkbox', { name: 'Charge 3 is a discount' })).toBeChecked();
    expect(amountField()).toHaveValue('72.80');
    expect(liveShares()).toEqual(['ada (you)$25.10', 'ben_k$47.70']);
    await type(nameField(), 'Crab dinner');
    await review();
    expect(screen.getByTestId('review-subtotal')).toHaveTextContent('Subtotal$87.00');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Bill updated')).toBeInTheDocument();
    expect(bodies).toHaveLength(1);
    expect((bodies[0] as Bill).split).toEqual({
      mode: 'items',
      items: split.items,
      charges: [
        { name: 'Delivery', amount: 5 },
        { name: 'Discount', percent: -10 },
        { name: 'Voucher', amount: -10 },
      ],
    });
  });
});

describe('edit bill: saving', () => {
  it('turns an equal bill into a percent split with PATCH, reviewed with the bill’s own rounding', async () => {
    serveBill(
      billOf({ amount: 30, split: { mode: 'equal', userIds: [ada.id, ben.id] }, shares: half(15, 15) }),
    );
    const bodies = capture('patch', (body) =>
      ok(billOf({ amount: 30, split: (body as Bill).split, shares: half(20, 10) })),
    );
    const { router } = await renderForm(PATH, navState);
    await type(nameField(), 'Dinner out');
    await mode('Percent');
    await userEvent.type(personField('ada'), '66.67');
    await userEvent.type(personField('ben_k'), '33.33');
    await review();
    expect(reviewShares()).toEqual(['ada (you)$20.00', 'ben_k$10.00']);
    // The bill's id is known: no "decided when saved" note.
    expect(screen.queryByText(/decided when the bill is saved/)).not.toBeInTheDocument();
    await back();
    await review();
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Bill updated')).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        name: 'Dinner out',
        // The bill had no category: the new name's guess (issue 36) is sent.
        category: 'food',
        amount: 30,
        paidBy: ada.id,
        split: {
          mode: 'percent',
          percents: [
            { userId: ada.id, percent: 66.67 },
            { userId: ben.id, percent: 33.33 },
          ],
        },
      },
    ]);
    await screen.findByRole('heading', { name: 'Room page' });
    expect(router.state.location.pathname).toBe(`/room/${ROOM_ID}`);
  });

  it('works after a reload (no navigation state) against the mock server', async () => {
    serveBills(
      roomSeed({}, [
        {
          id: 61,
          name: 'Taxi',
          amount: 12,
          owner: ada,
          shares: [
            [ada.id, 6],
            [ben.id, 6],
          ],
          minutesAgo: 5,
        },
      ]),
    );
    renderBillScreen(PATH);
    expect(await screen.findByRole('button', { name: 'Review' })).toBeInTheDocument();
    expect(await screen.findByText('Board Game Night')).toBeInTheDocument();
    expect(nameField()).toHaveValue('Taxi');
    await mode('Exact');
    await userEvent.type(personField('ada'), '2');
    await userEvent.type(personField('ben_k'), '10');
    await review();
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Bill updated')).toBeInTheDocument();
  });

  it('says so when the bill does not exist', async () => {
    server.use(http.get(`${API_BASE}/bills`, () => ok([])));
    renderBillScreen(PATH);
    expect(await screen.findByText('Bill not found')).toBeInTheDocument();
  });

  it('keeps a bill a Settle up included editable (one live ledger)', async () => {
    serveBill(
      billOf({
        amount: 30,
        consolidationId: 4,
        split: { mode: 'equal', userIds: [ada.id, ben.id] },
        shares: half(15, 15),
      }),
    );
    renderBillScreen(PATH);
    expect(await screen.findByRole('button', { name: 'Review' })).toBeInTheDocument();
    expect(screen.queryByText('This bill can no longer be changed')).not.toBeInTheDocument();
  });
});
