import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import type { Bill } from '@outing/contract';
import { describe, expect, it, vi } from 'vitest';
import { API_BASE } from '@/lib/api-client';
import { ok } from '@/mocks/envelope';
import { server } from '@/test/server';
import { ROOM_ID, ada, ben } from '@/test/bill-screens';
import {
  amountField,
  billOf,
  capture,
  half,
  nameField,
  renderForm,
  review,
  setUpBillFormTests,
  type,
} from './create-bill-page.testing';

// Issue 36 (docs/api/README.md "Real bills"): "Paid by" becomes a list when a second payer is added; sent as
// `paidBy: [{userId, amount}]` with two or more payers, as the id with one.

setUpBillFormTests();

const addPayer = () => userEvent.click(screen.getByRole('button', { name: 'Add another payer' }));
const payerAmount = (name: string) => screen.getByLabelText(`Amount paid by ${name}`);
const left = () => screen.getByTestId('payers-left');
const paidBySelect = () => screen.queryByRole('combobox', { name: 'Paid by' });

async function pizza() {
  await userEvent.type(nameField(), 'Pizza');
  await userEvent.type(amountField(), '30');
}

describe('several payers', () => {
  it('two payers adding up are sent as a list', async () => {
    const bodies = capture('post', (body) =>
      ok(billOf({ amount: 30, split: (body as Bill).split, shares: half(15, 15) })),
    );
    await renderForm();
    await pizza();
    expect(paidBySelect()).toHaveValue(String(ada.id));
    await addPayer();
    expect(paidBySelect()).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Payer 1' })).toHaveValue(String(ada.id));
    expect(screen.getByRole('combobox', { name: 'Payer 2' })).toHaveValue(String(ben.id));
    expect(payerAmount('ada (you)')).toHaveValue('30.00');
    await type(payerAmount('ada (you)'), '20');
    expect(left()).toHaveTextContent('$10.00 left');
    await userEvent.type(payerAmount('ben_k'), '10');
    expect(left()).toHaveTextContent('Adds up to the amount');
    await review();
    // The review names each payer with what they paid.
    expect(screen.getAllByTestId('review-payer').map((li) => li.textContent)).toEqual([
      'ada (you)$20.00',
      'ben_k$10.00',
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Add bill' }));
    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({
      paidBy: [
        { userId: ada.id, amount: 20 },
        { userId: ben.id, amount: 10 },
      ],
    });
  });

  it('is blocked while the payers do not add up', async () => {
    const bodies = capture('post', () => ok(null));
    await renderForm();
    await pizza();
    await addPayer();
    await type(payerAmount('ada (you)'), '20');
    await userEvent.type(payerAmount('ben_k'), '12');
    expect(left()).toHaveTextContent('$2.00 too much');
    await review();
    expect(screen.queryByRole('button', { name: 'Add bill' })).not.toBeInTheDocument();
    expect(left()).toHaveAttribute('role', 'alert');
    expect(bodies).toEqual([]);
  });

  it('back to one payer: the simple select, and the id is sent', async () => {
    const bodies = capture('post', (body) =>
      ok(billOf({ amount: 30, split: (body as Bill).split, shares: half(15, 15) })),
    );
    await renderForm();
    await pizza();
    await addPayer();
    await userEvent.click(screen.getByRole('button', { name: 'Remove payer 1' }));
    expect(paidBySelect()).toHaveValue(String(ben.id));
    expect(screen.queryByTestId('payers-left')).not.toBeInTheDocument();
    await review();
    await userEvent.click(await screen.findByRole('button', { name: 'Add bill' }));
    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    expect((bodies[0] as { paidBy: unknown }).paidBy).toBe(ben.id);
  });

  it('editing a bill with two payers opens with the list', async () => {
    const bill = billOf({
      amount: 165.35,
      ownerId: ben.id,
      paidBy: [
        { userId: ben.id, amount: 100 },
        { userId: ada.id, amount: 65.35 },
      ],
      originalPaidBy: [
        { userId: ben.id, amount: 100 },
        { userId: ada.id, amount: 65.35 },
      ],
      split: { mode: 'equal', userIds: [ada.id, ben.id] },
      shares: half(82.68, 82.67),
    });
    server.use(http.get(`${API_BASE}/bills`, () => ok([bill])));
    const bodies = capture('patch', () => ok(bill));
    await renderForm(`/room/${ROOM_ID}/bill/61/edit`);
    expect(paidBySelect()).not.toBeInTheDocument();
    const rows = screen.getAllByTestId('payer-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('combobox', { name: 'Payer 1' })).toHaveValue(String(ben.id));
    expect(payerAmount('ben_k')).toHaveValue('100.00');
    expect(payerAmount('ada (you)')).toHaveValue('65.35');
    expect(left()).toHaveTextContent('Adds up to the amount');
    await review();
    await userEvent.click(await screen.findByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({
      paidBy: [
        { userId: ben.id, amount: 100 },
        { userId: ada.id, amount: 65.35 },
      ],
    });
  });
});
