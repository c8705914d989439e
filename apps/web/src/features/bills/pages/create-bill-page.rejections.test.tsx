import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { API_BASE } from '@/lib/api-client';
import { genericErrorMessage } from '@/lib/api-error';
import { fail, ok } from '@/mocks/envelope';
import { server } from '@/test/server';
import { ROOM_ID, ada, ben } from '@/test/bill-screens';
import {
  addCharge,
  amountField,
  back,
  billOf,
  capture,
  fillRestaurantItems,
  mode,
  nameField,
  personField,
  renderForm,
  review,
  setUpBillFormTests,
  type,
} from './create-bill-page.testing';

// Issues #10 and #18: every way a save can fail keeps everything typed (docs/principles.md, principle 5).

// Amounts in the tests' default formats (en-GB).
setUpBillFormTests({ locale: 'en-GB' });

const save = () => userEvent.click(screen.getByRole('button', { name: /^(Add bill|Save changes)$/ }));

/** An itemised restaurant bill with two charges, reviewed. */
async function fillItemsBill() {
  await userEvent.type(nameField(), 'Dinner');
  await mode('Items');
  await fillRestaurantItems();
  await addCharge(1, 'Service', '10');
  await addCharge(2, 'GST', '9');
  await review();
}

function expectItemsKept() {
  expect(nameField()).toHaveValue('Dinner');
  expect(screen.getByRole('radio', { name: 'Items' })).toBeChecked();
  expect(screen.getByLabelText('Item 1')).toHaveValue('Pasta');
  expect(screen.getByLabelText('Item 2 Amount')).toHaveValue('32.00');
  expect(screen.getByLabelText('Item 3')).toHaveValue('Wine');
  const wine = within(screen.getByRole('group', { name: 'Who had item 3' }));
  expect(wine.getAllByRole('checkbox').every((c) => (c as HTMLInputElement).checked)).toBe(true);
  expect(screen.getByLabelText('Charge 2')).toHaveValue('GST');
  expect(screen.getByLabelText('Charge 2 Percent')).toHaveValue('9');
  expect(amountField()).toHaveValue('113.91');
}

describe('create bill: rejected input', () => {
  it('a 400 puts each issue on the nested field it names, the rest in the alert, and keeps everything', async () => {
    capture('post', () =>
      fail(400, 'VALIDATION', 'Invalid data', [
        { path: 'split.items.1.amount', message: 'Use at most 2 decimals' },
        { path: 'body.split.charges.1.percent', message: 'Charges can have at most 2 decimals' },
        { path: 'split.items.2.userIds.1', message: 'Each person can appear only once in “Wine”' },
        { path: 'body.roomId', message: 'roomId must be a room id' },
      ]),
    );
    await renderForm();
    await fillItemsBill();
    await save();
    expect(await screen.findByText('Invalid data: roomId must be a room id')).toBeInTheDocument();
    expect(screen.getByLabelText('Item 2 Amount')).toHaveAccessibleDescription('Use at most 2 decimals');
    expect(screen.getByLabelText('Item 2 Amount')).toHaveFocus();
    expect(screen.getByLabelText('Charge 2 Percent')).toHaveAccessibleDescription(
      'Charges can have at most 2 decimals',
    );
    expect(screen.getByText('Each person can appear only once in “Wine”')).toBeInTheDocument();
    expectItemsKept();
    // Editing the field clears the server's word on it.
    await type(screen.getByLabelText('Item 2 Amount'), '32');
    expect(screen.getByLabelText('Item 2 Amount')).not.toHaveAttribute('aria-invalid');
  });

  it('a 400 on an exact amount lands on that person’s field', async () => {
    capture('post', () =>
      fail(400, 'VALIDATION', 'Invalid data', [
        { path: 'split.amounts.1.amount', message: 'Amounts cannot be negative' },
      ]),
    );
    await renderForm();
    await userEvent.type(nameField(), 'Taxi');
    await userEvent.type(amountField(), '10');
    await mode('Exact');
    await userEvent.type(personField('ada'), '4');
    await userEvent.type(personField('chloe.m'), '6');
    await review();
    await save();
    // The second amount sent was chloe's (ben's field was empty and left out).
    expect(await screen.findByText('Amounts cannot be negative')).toBeInTheDocument();
    expect(personField('chloe.m')).toHaveAccessibleDescription('Amounts cannot be negative');
    expect(personField('ada')).toHaveValue('4.00');
    expect(personField('ben_k')).not.toHaveAttribute('aria-invalid');
  });

  it('a name is capped at 60 characters as typed', async () => {
    await renderForm();
    await userEvent.click(nameField());
    await userEvent.paste('n'.repeat(70));
    expect(nameField()).toHaveAttribute('maxLength', '60');
    expect((nameField() as HTMLInputElement).value).toHaveLength(60);
  });

  it.each([
    [409, 'CONFLICT' as const],
    [429, 'RATE_LIMITED' as const],
    [503, 'UNAVAILABLE' as const],
  ])('a %i shows the generic text on the review and keeps every value', async (status, code) => {
    server.use(http.post(`${API_BASE}/bills`, () => fail(status, code, 'Server says no.')));
    const { router } = await renderForm();
    await fillItemsBill();
    await save();
    expect(await screen.findByRole('alert')).toHaveTextContent(genericErrorMessage());
    expect(screen.getByRole('button', { name: 'Add bill' })).toBeEnabled();
    expect(router.state.location.pathname).toBe(`/room/${ROOM_ID}/bill/create`);
    await back();
    expectItemsKept();
  });

  it('a network failure shows the generic text and keeps every value', async () => {
    server.use(http.post(`${API_BASE}/bills`, () => HttpResponse.error()));
    await renderForm();
    await fillItemsBill();
    await save();
    expect(await screen.findByRole('alert')).toHaveTextContent(genericErrorMessage());
    await back();
    expectItemsKept();
  });
});

describe('bills offline (issue #21)', () => {
  it('a save while offline is refused at once with a clear message, sends nothing and keeps every value', async () => {
    const bodies = capture('post', () => HttpResponse.error());
    await renderForm();
    await fillItemsBill();
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      await save();
      expect(await screen.findByRole('alert')).toHaveTextContent(
        "You're offline. Bills can be added when you're back online.",
      );
      expect(bodies).toEqual([]);
      await back();
      expectItemsKept();
    } finally {
      onLine.mockRestore();
    }
  });
});

describe('edit bill: rejected', () => {
  const PATH = `/room/${ROOM_ID}/bill/61/edit`;
  beforeEach(() => {
    const bill = billOf({
      amount: 30,
      split: { mode: 'equal', userIds: [ada.id, ben.id] },
      shares: [
        { userId: ada.id, amount: 15 },
        { userId: ben.id, amount: 15 },
      ],
    });
    server.use(http.get(`${API_BASE}/bills`, () => ok([bill])));
  });

  it('a 409 (changed meanwhile) says so, keeps the form on screen and every value', async () => {
    server.use(
      http.patch(`${API_BASE}/bills/:id`, () => fail(409, 'CONFLICT', 'Bill already consolidated.')),
    );
    await renderForm(PATH);
    await type(nameField(), 'Dinner for two');
    await mode('Shares');
    await type(personField('ada'), '3');
    await review();
    await save();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This bill changed meanwhile. Open it again to see it as it is now.',
    );
    await back();
    expect(nameField()).toHaveValue('Dinner for two');
    expect(personField('ada')).toHaveValue('3');
    expect(personField('ben_k')).toHaveValue('1');
  });

  it('a 403 says who may change it', async () => {
    const message = 'Only the bill’s creator, its payer or the host can change it.';
    server.use(http.patch(`${API_BASE}/bills/:id`, () => fail(403, 'FORBIDDEN', message)));
    await renderForm(PATH);
    await review();
    await save();
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });
});
