import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok } from '@/mocks/envelope';
import { ROOM_ID, ada, ben, chloe } from '@/test/bill-screens';
import {
  addCharge,
  amountField,
  back,
  capture,
  fillRestaurantItems,
  liveShares,
  mode,
  nameField,
  personField,
  renderForm,
  review,
  reviewShares,
  setUpBillFormTests,
  type,
} from './create-bill-page.testing';
import { setTestLanguage } from '@/test/i18n';

// The split modes of issue #18: each shows every share live (the ledger's computeSplit) and refuses to review
// until the total agrees.

// Amounts in these tests are written the en-US way ($12.50); dates are whatever the tests say.
setUpBillFormTests();
afterEach(() => {
  vi.restoreAllMocks();
});

const status = () => screen.getByRole('heading', { name: 'Each person’s share' }).nextElementSibling;

describe('exact amounts', () => {
  it('says what is left to assign, live, and sends the amounts once they agree', async () => {
    const bodies = capture('post', () => new Promise(() => {}));
    await renderForm();
    await userEvent.type(nameField(), 'Groceries');
    await userEvent.type(amountField(), '20');
    await mode('Exact');
    expect(status()).toHaveTextContent('$20.00 left to assign');
    await userEvent.type(personField('ada'), '10');
    await userEvent.type(personField('ben_k'), '6.5');
    expect(status()).toHaveTextContent('$3.50 left to assign');
    await review();
    expect(screen.queryByRole('heading', { name: 'Review the bill' })).not.toBeInTheDocument();
    await userEvent.type(personField('chloe.m'), '4');
    expect(status()).toHaveTextContent('$0.50 too much assigned');
    await type(personField('chloe.m'), '3.5');
    expect(liveShares()).toEqual(['ada (you)$10.00', 'ben_k$6.50', 'chloe.m$3.50']);
    await review();
    expect(reviewShares()).toEqual(['ada (you)$10.00', 'ben_k$6.50', 'chloe.m$3.50']);
    await userEvent.click(screen.getByRole('button', { name: 'Add bill' }));
    expect(bodies).toEqual([
      {
        name: 'Groceries',
        // Guessed from the name (issue 36).
        category: 'groceries',
        amount: 20,
        roomId: ROOM_ID,
        paidBy: ada.id,
        split: {
          mode: 'exact',
          amounts: [
            { userId: ada.id, amount: 10 },
            { userId: ben.id, amount: 6.5 },
            { userId: chloe.id, amount: 3.5 },
          ],
        },
      },
    ]);
  });
});

describe('shares', () => {
  it('starts everyone at 1 and splits 2:1:1', async () => {
    const bodies = capture('post', () => new Promise(() => {}));
    await renderForm();
    await userEvent.type(nameField(), 'Cabin');
    await userEvent.type(amountField(), '100');
    await mode('Shares');
    expect(personField('ada')).toHaveValue('1');
    expect(liveShares().map((t) => t?.replace(/^.*\$/, ''))).toHaveLength(3);
    await type(personField('ada'), '2');
    expect(liveShares()).toEqual(['ada (you)$50.00', 'ben_k$25.00', 'chloe.m$25.00']);
    await type(personField('ben_k'), '1.5');
    await userEvent.tab();
    expect(personField('ben_k')).toHaveAccessibleDescription(
      'Shares must be whole numbers from 0 to 1,000,000',
    );
    await type(personField('ben_k'), '1');
    await review();
    await userEvent.click(screen.getByRole('button', { name: 'Add bill' }));
    expect((bodies[0] as { split: unknown }).split).toEqual({
      mode: 'shares',
      shares: [
        { userId: ada.id, shares: 2 },
        { userId: ben.id, shares: 1 },
        { userId: chloe.id, shares: 1 },
      ],
    });
  });
});

describe('percentages', () => {
  it('says what percentage is left and sends percents once they make 100%', async () => {
    const bodies = capture('post', () => new Promise(() => {}));
    await renderForm();
    await userEvent.type(nameField(), 'Boat');
    await userEvent.type(amountField(), '80');
    await mode('Percent');
    await userEvent.type(personField('ada'), '50');
    await userEvent.type(personField('ben_k'), '45');
    expect(status()).toHaveTextContent('5% left');
    await userEvent.type(personField('chloe.m'), '5.5');
    expect(status()).toHaveTextContent('0.5% too much');
    await type(personField('chloe.m'), '5');
    expect(liveShares()).toEqual(['ada (you)$40.00', 'ben_k$36.00', 'chloe.m$4.00']);
    await review();
    await userEvent.click(screen.getByRole('button', { name: 'Add bill' }));
    expect((bodies[0] as { split: unknown }).split).toEqual({
      mode: 'percent',
      percents: [
        { userId: ada.id, percent: 50 },
        { userId: ben.id, percent: 45 },
        { userId: chloe.id, percent: 5 },
      ],
    });
  });
});

describe('by items with charges', () => {
  it('equals the server’s worked example: 95.00 of items, 10% service then 9% GST → 113.91', async () => {
    const bodies = capture('post', () => new Promise(() => {}));
    await renderForm();
    await userEvent.type(nameField(), 'Dinner');
    await mode('Items');
    expect(amountField()).toHaveAttribute('readonly');
    await fillRestaurantItems();
    expect(amountField()).toHaveValue('95.00');
    await addCharge(1, 'Service', '10');
    await addCharge(2, 'GST', '9');
    expect(amountField()).toHaveValue('113.91');
    const live = liveShares();
    expect(live).toHaveLength(3);
    // Chloe had a third of the wine: 15 × 113.91 / 95 = 17.9857… → 17.99 or 17.98.
    expect(live[2]).toMatch(/^chloe\.m\$17\.9[89]$/);
    await review();
    const receipt = screen.getAllByTestId('charge').map((li) => li.textContent);
    expect(receipt).toEqual(['Service (10%)$9.50', 'GST (9%)$9.41']);
    expect(reviewShares()).toEqual(live);
    await userEvent.click(screen.getByRole('button', { name: 'Add bill' }));
    expect(bodies).toEqual([
      {
        name: 'Dinner',
        // Guessed from the name (issue 36).
        category: 'food',
        roomId: ROOM_ID,
        paidBy: ada.id,
        split: {
          mode: 'items',
          items: [
            { name: 'Pasta', amount: 18, userIds: [ada.id] },
            { name: 'Steak', amount: 32, userIds: [ben.id] },
            { name: 'Wine', amount: 45, userIds: [ada.id, ben.id, chloe.id] },
          ],
          charges: [
            { name: 'Service', percent: 10 },
            { name: 'GST', percent: 9 },
          ],
        },
      },
    ]);
  });

  it('reorders and removes charges (the order changes the rounding)', async () => {
    await renderForm();
    await mode('Items');
    await userEvent.type(screen.getByLabelText('Item 1'), 'Cake');
    await userEvent.type(screen.getByLabelText('Item 1 Amount'), '10.05');
    await userEvent.click(screen.getByRole('checkbox', { name: 'ada (you)' }));
    await addCharge(1, 'Service', '10');
    await addCharge(2, 'Tip', '15');
    // 10.05 + 1.01 (1.005 half up) = 11.06; + 1.66 (1.659) = 12.72.
    expect(amountField()).toHaveValue('12.72');
    await userEvent.click(screen.getByRole('button', { name: 'Move Tip up' }));
    expect(screen.getByLabelText('Charge 1')).toHaveValue('Tip');
    // 10.05 + 1.51 (1.5075) = 11.56; + 1.16 (1.156) = 12.72 here too; then remove the tip.
    expect(amountField()).toHaveValue('12.72');
    await userEvent.click(screen.getByRole('button', { name: 'Remove Tip' }));
    expect(amountField()).toHaveValue('11.06');
  });

  it('asks for the item’s people and amount before the review', async () => {
    await renderForm();
    await userEvent.type(nameField(), 'Lunch');
    await mode('Items');
    await userEvent.type(screen.getByLabelText('Item 1'), 'Soup');
    await review();
    expect(screen.getByLabelText('Item 1 Amount')).toHaveAccessibleDescription('amount is required');
    expect(screen.getByText('Choose who had “Soup”')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Review the bill' })).not.toBeInTheDocument();
  });
});

describe('a real receipt (issue 36): quantity, Everyone, fixed and negative charges', () => {
  it('sends the quantity, "all", and a fixed charge, a % discount and a fixed voucher in order with their signs', async () => {
    const bodies = capture('post', () => new Promise(() => {}));
    await renderForm();
    await userEvent.type(nameField(), 'Dinner');
    await mode('Items');
    await userEvent.type(screen.getByLabelText('Item 1'), 'Crab');
    await userEvent.type(screen.getByLabelText('Item 1 Amount'), '60');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Everyone shares Crab' }));
    // Everyone on: each person's chip shows ticked and cannot be changed.
    const crab = screen.getByRole('group', { name: 'Who had item 1' });
    for (const name of ['ada (you)', 'ben_k', 'chloe.m']) {
      expect(within(crab).getByRole('checkbox', { name })).toBeChecked();
      expect(within(crab).getByRole('checkbox', { name })).toBeDisabled();
    }
    await userEvent.click(screen.getByRole('button', { name: 'Add item' }));
    await userEvent.type(screen.getByLabelText('Item 2'), 'Beer');
    await userEvent.type(screen.getByLabelText('Quantity of Beer'), '3');
    await userEvent.type(screen.getByLabelText('Item 2 Amount'), '27');
    const beer = screen.getByRole('group', { name: 'Who had item 2' });
    await userEvent.click(within(beer).getByRole('checkbox', { name: 'ben_k' }));
    expect(amountField()).toHaveValue('87.00');
    // A fixed delivery fee of 5.00.
    await userEvent.click(screen.getByRole('button', { name: 'Add charge' }));
    await userEvent.type(screen.getByLabelText('Charge 1'), 'Delivery');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Charge 1 kind' }), 'Amount');
    await userEvent.type(screen.getByLabelText('Charge 1 Amount'), '5');
    // 10% off with the Discount chip: 92.00 → −9.20.
    await addCharge(2, 'Discount', '10');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Charge 2 is a discount' }));
    // A voucher with a typed minus.
    await userEvent.click(screen.getByRole('button', { name: 'Add charge' }));
    await userEvent.type(screen.getByLabelText('Charge 3'), 'Voucher');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Charge 3 kind' }), 'Amount');
    await userEvent.type(screen.getByLabelText('Charge 3 Amount'), '-10');
    // 87 + 5 − 9.20 − 10 = 72.80, as the server's computeBill makes it.
    expect(amountField()).toHaveValue('72.80');
    const live = liveShares();
    await review();
    const items = screen.getAllByTestId('review-item').map((li) => li.textContent);
    expect(items).toEqual(['Crabeveryone$60.00', '3 × Beerben_k$27.00']);
    expect(screen.getByTestId('review-subtotal')).toHaveTextContent('Subtotal$87.00');
    const charges = screen.getAllByTestId('charge').map((li) => li.textContent);
    expect(charges).toHaveLength(3);
    expect(charges[0]).toBe('Delivery$5.00');
    expect(charges[1]).toMatch(/^Discount \(−10%\)[-−]\$9\.20$/);
    expect(charges[2]).toMatch(/^Voucher[-−]\$10\.00$/);
    expect(screen.getByTestId('review-receipt-total')).toHaveTextContent('Total$72.80');
    expect(reviewShares()).toEqual(live);
    await userEvent.click(screen.getByRole('button', { name: 'Add bill' }));
    expect(bodies).toHaveLength(1);
    expect((bodies[0] as { split: unknown }).split).toEqual({
      mode: 'items',
      items: [
        { name: 'Crab', amount: 60, userIds: 'all' },
        { name: 'Beer', amount: 27, userIds: [ben.id], quantity: 3 },
      ],
      charges: [
        { name: 'Delivery', amount: 5 },
        { name: 'Discount', percent: -10 },
        { name: 'Voucher', amount: -10 },
      ],
    });
  });

  it('turning Everyone off keeps everyone ticked, and a quantity must be a whole number', async () => {
    await renderForm();
    await mode('Items');
    await userEvent.type(screen.getByLabelText('Item 1'), 'Crab');
    const everyone = screen.getByRole('checkbox', { name: 'Everyone shares Crab' });
    await userEvent.click(everyone);
    await userEvent.click(everyone);
    const crab = screen.getByRole('group', { name: 'Who had item 1' });
    await userEvent.click(within(crab).getByRole('checkbox', { name: 'chloe.m' }));
    expect(within(crab).getByRole('checkbox', { name: 'ada (you)' })).toBeChecked();
    expect(within(crab).getByRole('checkbox', { name: 'ben_k' })).toBeChecked();
    expect(within(crab).getByRole('checkbox', { name: 'chloe.m' })).not.toBeChecked();
    await userEvent.type(screen.getByLabelText('Quantity of Crab'), '1.5');
    await userEvent.tab();
    expect(screen.getByLabelText('Quantity of Crab')).toHaveAccessibleDescription(
      'Quantity must be a whole number from 1 to 10000',
    );
  });

  it('says when a voucher takes the bill to 0 or below', async () => {
    await renderForm();
    await mode('Items');
    await userEvent.type(screen.getByLabelText('Item 1'), 'Soup');
    await userEvent.type(screen.getByLabelText('Item 1 Amount'), '5');
    await userEvent.click(screen.getByRole('checkbox', { name: 'ada (you)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add charge' }));
    await userEvent.type(screen.getByLabelText('Charge 1'), 'Voucher');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Charge 1 kind' }), 'Amount');
    await userEvent.type(screen.getByLabelText('Charge 1 Amount'), '-10');
    await review();
    expect(screen.getByText(/After “Voucher” the bill comes to -5\.00/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Review the bill' })).not.toBeInTheDocument();
  });
});

describe('switching modes', () => {
  it('keeps what each mode had, and the name, amount and payer', async () => {
    await renderForm();
    await userEvent.type(nameField(), 'Trip');
    await userEvent.type(amountField(), '60');
    await userEvent.selectOptions(screen.getByLabelText('Paid by'), 'chloe.m');
    await userEvent.click(screen.getByRole('checkbox', { name: 'ben_k' }));
    await mode('Exact');
    await userEvent.type(personField('ada'), '60');
    await mode('Items');
    await userEvent.type(screen.getByLabelText('Item 1'), 'Fuel');
    await mode('Percent');
    await userEvent.type(personField('chloe.m'), '100');
    await mode('Equally');
    expect(screen.getByRole('checkbox', { name: 'ben_k' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'chloe.m' })).toBeChecked();
    await mode('Exact');
    expect(personField('ada')).toHaveValue('60.00');
    await mode('Items');
    expect(screen.getByLabelText('Item 1')).toHaveValue('Fuel');
    await mode('Percent');
    expect(personField('chloe.m')).toHaveValue('100');
    expect(liveShares()).toEqual(['chloe.m$60.00']);
    expect(nameField()).toHaveValue('Trip');
    expect(amountField()).toHaveValue('60.00');
    expect(screen.getByLabelText('Paid by')).toHaveDisplayValue('chloe.m');
    // Shares opened for the first time: one each for the people of the equal split.
    await mode('Shares');
    expect(personField('ada')).toHaveValue('1');
    expect(personField('ben_k')).toHaveValue('');
  });
});

describe('a decimal-comma locale (de-DE)', () => {
  it('reads 12,50 as 12.50, groups on blur, writes amounts the German way and sends 12.5', async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('de-DE');
    setTestLanguage('en', 'de-DE');
    const bodies = capture('post', () => new Promise(() => {}));
    await renderForm();
    await userEvent.type(nameField(), 'Kaffee');
    await userEvent.type(amountField(), '12,50');
    expect(
      liveShares()
        .map((t) => /(\d+,\d\d)\u00a0\$/.exec(t ?? '')?.[1])
        .sort(),
    ).toEqual(['4,16', '4,17', '4,17']);
    await userEvent.tab();
    expect(amountField()).toHaveValue('12,50');
    await type(amountField(), '1234,5');
    await userEvent.tab();
    expect(amountField()).toHaveValue('1.234,50');
    await type(amountField(), '12.50');
    await userEvent.tab();
    expect(amountField()).toHaveAccessibleDescription('Use , for decimals');
    await type(amountField(), '12,50');
    await mode('Percent');
    await userEvent.type(personField('ada'), '33,34');
    await userEvent.type(personField('ben_k'), '33,33');
    await userEvent.type(personField('chloe.m'), '33,33');
    await review();
    await userEvent.click(screen.getByRole('button', { name: 'Add bill' }));
    expect(bodies[0]).toMatchObject({
      amount: 12.5,
      split: { mode: 'percent', percents: [{ percent: 33.34 }, { percent: 33.33 }, { percent: 33.33 }] },
    });
  });
});

describe('review', () => {
  it('goes back with everything kept, in items mode too', async () => {
    capture('post', () => ok(null));
    await renderForm();
    await userEvent.type(nameField(), 'Dinner');
    await mode('Items');
    await fillRestaurantItems();
    await addCharge(1, 'Service', '10');
    await review();
    expect(within(screen.getByRole('list', { name: 'Final shares' })).getAllByRole('listitem')).toHaveLength(
      3,
    );
    await back();
    expect(screen.getByRole('radio', { name: 'Items' })).toBeChecked();
    expect(screen.getByLabelText('Item 3')).toHaveValue('Wine');
    expect(screen.getByLabelText('Charge 1 Percent')).toHaveValue('10');
    // Focus moves back to Review on the next animation frame, once the form is painted again.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Review' })).toHaveFocus());
  });
});
