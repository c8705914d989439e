import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Bill } from '@outing/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ok } from '@/mocks/envelope';
import { ROOM_ID, roomSeed } from '@/test/bill-screens';
import {
  amountField,
  billOf,
  capture,
  half,
  nameField,
  renderForm,
  review,
  setUpBillFormTests,
} from './create-bill-page.testing';
import { computeBill } from '@outing/ledger';
import { rememberRate } from '../lib/last-rate';
import { ada, ben, chloe } from '@/test/bill-screens';

// Issue 36 (docs/api/README.md "Real bills"): a bill in another currency, with the rate the group enters or the
// amount on the card statement; the form shows the conversion live (the ledger's exact rounding).

setUpBillFormTests({ seed: () => roomSeed({ currency: 'SGD' }) });
beforeEach(() => localStorage.clear());

const savedBill = (body: unknown) =>
  ok(billOf({ amount: 112.34, split: (body as Bill).split, shares: half(56.17, 56.17) }));

async function ramenInYen() {
  await userEvent.type(nameField(), 'Ramen');
  await userEvent.click(screen.getByRole('button', { name: 'Currency: SGD. Change' }));
  const sheet = screen.getByRole('region', { name: 'The bill’s currency' });
  await userEvent.click(within(sheet).getByRole('button', { name: 'Change' }));
  await userEvent.type(within(sheet).getByLabelText('Search currencies'), 'JPY');
  await userEvent.click(within(sheet).getByRole('radio', { name: /JPY/ }));
  await userEvent.type(amountField(), '12345');
  return sheet;
}

describe('a bill in another currency', () => {
  it('JPY at 0.0091: ≈ SGD 112.34 live, sent as currency + rate, the rate remembered', async () => {
    const bodies = capture('post', savedBill);
    await renderForm();
    const sheet = await ramenInYen();
    expect(screen.getByRole('button', { name: 'Currency: JPY. Change' })).toBeInTheDocument();
    expect(screen.getByText('In JPY.')).toBeInTheDocument();
    await userEvent.type(within(sheet).getByLabelText('1 JPY = ? SGD'), '0.0091');
    // 12,345 × 0.0091 = 112.3395 → 112.34
    expect(screen.getByTestId('converted-amount').textContent?.replace(/\s/g, ' ')).toBe('≈ SGD 112.34');
    await review();
    await userEvent.click(await screen.findByRole('button', { name: 'Add bill' }));
    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ amount: 12345, currency: 'JPY', rate: '0.0091' });
    expect(bodies[0]).not.toHaveProperty('convertedAmount');
    expect(localStorage.getItem(`outing.bills.lastRate.${ROOM_ID}.JPY`)).toBe('0.0091');
  });

  it('the review says the conversion and each share in the room’s currency, the yen beside it', async () => {
    await renderForm();
    const sheet = await ramenInYen();
    await userEvent.type(within(sheet).getByLabelText('1 JPY = ? SGD'), '0.0091');
    // The live preview already shows the shares in SGD.
    const sgd = (text: string | null) => text?.replace(/\s/g, ' ');
    const expected = computeBill({
      billId: 0,
      roomCurrency: 'SGD',
      currency: 'JPY',
      total: 12345,
      split: { mode: 'equal', userIds: [ada.id, ben.id, chloe.id] },
      paidBy: ada.id,
      rate: '0.0091',
    });
    expect(expected.amount).toBe(11234);
    const inSgd = (minor: number) => `SGD ${(minor / 100).toFixed(2)}`;
    const preview = screen.getAllByTestId('share').map((li) => sgd(li.textContent));
    expect(preview).toEqual(
      expected.shares.map((s, i) =>
        expect.stringContaining(
          `${inSgd(s.minor)}¥${expected.originalShares[i]!.minor.toLocaleString('en-US')}`,
        ),
      ),
    );
    await review();
    expect(sgd(screen.getByTestId('review-conversion').textContent)).toBe('¥12,345 at 0.0091 = SGD 112.34');
    const shares = screen.getAllByTestId('review-share').map((li) => sgd(li.textContent));
    expect(shares).toEqual(
      expected.shares.map((s, i) =>
        expect.stringContaining(
          `${inSgd(s.minor)}¥${expected.originalShares[i]!.minor.toLocaleString('en-US')}`,
        ),
      ),
    );
    // ¥4,115 each; 112.34 / 3 leaves a unit over, whose place depends on the id the bill will get.
    expect(screen.getByText(/who pays the extra SGD 0.01 is decided/)).toBeInTheDocument();
  });

  it('is blocked without a rate', async () => {
    const bodies = capture('post', savedBill);
    await renderForm();
    await ramenInYen();
    await review();
    expect(screen.queryByRole('button', { name: 'Add bill' })).not.toBeInTheDocument();
    expect(screen.getByText('Enter the rate as a decimal number, like 0.0091')).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it('the amount on the card statement is sent as convertedAmount', async () => {
    const bodies = capture('post', savedBill);
    await renderForm();
    const sheet = await ramenInYen();
    await userEvent.click(within(sheet).getByRole('radio', { name: 'The amount on my card statement' }));
    await userEvent.type(within(sheet).getByLabelText('Amount on my card statement (SGD)'), '113.02');
    expect(screen.getByTestId('converted-amount').textContent?.replace(/\s/g, ' ')).toBe('≈ SGD 113.02');
    await review();
    await userEvent.click(await screen.findByRole('button', { name: 'Add bill' }));
    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ amount: 12345, currency: 'JPY', convertedAmount: 113.02 });
    expect(bodies[0]).not.toHaveProperty('rate');
  });

  it('offers the last rate used in this room', async () => {
    rememberRate(ROOM_ID, 'JPY', '0.0092');
    await renderForm();
    const sheet = await ramenInYen();
    await userEvent.click(within(sheet).getByRole('button', { name: 'Use the last rate: 0.0092' }));
    expect(within(sheet).getByLabelText('1 JPY = ? SGD')).toHaveValue('0.0092');
    expect(screen.getByTestId('converted-amount').textContent?.replace(/\s/g, ' ')).toBe('≈ SGD 113.57');
  });

  it('the room’s currency picked again: a plain bill', async () => {
    const bodies = capture('post', savedBill);
    await renderForm();
    const sheet = await ramenInYen();
    await userEvent.clear(within(sheet).getByLabelText('Search currencies'));
    await userEvent.type(within(sheet).getByLabelText('Search currencies'), 'SGD');
    await userEvent.click(within(sheet).getByRole('radio', { name: /SGD/ }));
    expect(screen.queryByTestId('converted-amount')).not.toBeInTheDocument();
    await review();
    await userEvent.click(await screen.findByRole('button', { name: 'Add bill' }));
    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).not.toHaveProperty('currency');
  });
});
