import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { API_BASE } from '@/lib/api-client';
import { genericErrorMessage } from '@/lib/api-error';
import { fail, ok } from '@/mocks/envelope';
import { server } from '@/test/server';
import { ROOM_ID, ada, ben, chloe, dev, renderBillScreen, roomSeed, serveBills } from '@/test/bill-screens';
import {
  CREATE_PATH,
  amountField,
  back,
  billOf,
  capture,
  liveShares,
  nameField,
  navState,
  renderForm,
  review,
  reviewShares,
  setUpBillFormTests,
} from './create-bill-page.testing';

// Amounts in these tests are written the en-US way ($12.50); dates are whatever the tests say.
setUpBillFormTests();

const save = () => userEvent.click(screen.getByRole('button', { name: 'Add bill' }));

describe('create bill: the form', () => {
  it('has who paid (me by default) and an equal split among everyone, the amount typed as text', async () => {
    await renderForm();
    expect(screen.getByRole('heading', { level: 1, name: 'Add bill' })).toBeInTheDocument();
    expect(screen.getByText('Board Game Night')).toBeInTheDocument();
    const paidBy = screen.getByLabelText('Paid by');
    expect(paidBy).toHaveDisplayValue('ada (you)');
    expect(
      within(paidBy)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['ada (you)', 'ben_k', 'chloe.m']);
    expect(screen.getByRole('radio', { name: 'Equally' })).toBeChecked();
    const people = within(screen.getByRole('group', { name: 'Split between' }));
    expect(people.getAllByRole('checkbox').every((c) => (c as HTMLInputElement).checked)).toBe(true);
    expect(amountField()).toHaveAttribute('inputmode', 'decimal');
    expect(amountField()).not.toHaveAttribute('type', 'number');
    expect(amountField()).toHaveAccessibleDescription('In USD.');
  });

  it('requires a name and an amount, and sends nothing', async () => {
    const bodies = capture('post', () => ok(null));
    await renderForm();
    await review();
    expect(await screen.findByText('Bill Name is required')).toBeInTheDocument();
    expect(screen.getByText('amount is required')).toBeInTheDocument();
    expect(nameField()).toHaveAttribute('aria-invalid', 'true');
    expect(nameField()).toHaveFocus();
    await userEvent.type(nameField(), '   ');
    await review();
    expect(screen.getByText('Bill Name is required')).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it.each([
    ['0', 'Amount must be greater than 0'],
    ['-5', 'Amount must be greater than 0'],
    ['12.345', 'Use at most 2 decimals'],
    ['12,50', 'Use . for decimals'],
    ['2000000', 'Amount must be at most 1,000,000'],
    ['abc', 'Enter a number'],
  ])('says what is wrong with the amount %s', async (typed, message) => {
    const bodies = capture('post', () => ok(null));
    await renderForm();
    await userEvent.type(nameField(), 'Pizza');
    await userEvent.type(amountField(), typed);
    await review();
    expect(amountField()).toHaveAccessibleDescription(message);
    expect(amountField()).toHaveAttribute('aria-invalid', 'true');
    expect(amountField()).toHaveValue(typed);
    expect(bodies).toEqual([]);
  });

  it('shows the thousands separator once the amount is left', async () => {
    await renderForm();
    await userEvent.type(amountField(), '1234.5');
    await userEvent.tab();
    expect(amountField()).toHaveValue('1,234.50');
  });

  it('selects and deselects everyone at once; nobody chosen is refused', async () => {
    await renderForm();
    await userEvent.type(nameField(), 'Pizza');
    await userEvent.type(amountField(), '30');
    await userEvent.click(screen.getByRole('button', { name: 'Deselect all' }));
    expect(screen.getByRole('checkbox', { name: 'ben_k' })).not.toBeChecked();
    expect(liveShares()).toEqual([]);
    await review();
    expect(await screen.findByText('Choose at least one person to split with')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Select all' }));
    expect(liveShares()).toEqual(['ada (you)$10.00', 'ben_k$10.00', 'chloe.m$10.00']);
  });
});

describe('create bill: equal split, live and reviewed', () => {
  it('splits 10.00 among 3 to the cent and says a cent is decided on save', async () => {
    await renderForm();
    expect(screen.getByText('Enter the amount and how it splits to see each share.')).toBeInTheDocument();
    await userEvent.type(amountField(), '10');
    expect(
      liveShares()
        .map((t) => /\$(\d+\.\d\d)/.exec(t ?? '')?.[1])
        .sort(),
    ).toEqual(['3.33', '3.33', '3.34']);
    expect(
      screen.getByText(/who pays the extra \$0\.01 is decided when the bill is saved/),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'chloe.m' }));
    expect(liveShares()).toEqual(['ada (you)$5.00', 'ben_k$5.00']);
  });

  it('reviews, sends the split with who paid, toasts and goes back to the room', async () => {
    const bodies = capture('post', async (body) => {
      await new Promise((r) => setTimeout(r, 50));
      return ok(
        billOf({
          id: 900,
          name: 'Pizza',
          amount: 42,
          ownerId: ben.id,
          split: { mode: 'equal', userIds: [ada.id, ben.id] },
          shares: [
            { userId: ada.id, amount: 21 },
            { userId: ben.id, amount: 21 },
          ],
          ...(body as object),
          // The server answers who paid as its list of payers (issue 36), not as the id the form sent.
          paidBy: [{ userId: ben.id, amount: 42 }],
        }),
      );
    });
    const { router } = await renderForm();
    await userEvent.type(nameField(), '  Pizza ');
    await userEvent.type(amountField(), '42');
    await userEvent.selectOptions(screen.getByLabelText('Paid by'), 'ben_k');
    await userEvent.click(screen.getByRole('checkbox', { name: 'chloe.m' }));
    await review();
    expect(await screen.findByRole('heading', { name: 'Review the bill' })).toHaveFocus();
    expect(reviewShares()).toEqual(['ada (you)$21.00', 'ben_k$21.00']);
    expect(screen.getByText('$42.00')).toBeInTheDocument();
    // Back keeps everything.
    await back();
    expect(nameField()).toHaveValue('  Pizza ');
    expect(amountField()).toHaveValue('42.00');
    expect(screen.getByLabelText('Paid by')).toHaveDisplayValue('ben_k');
    expect(screen.getByRole('checkbox', { name: 'chloe.m' })).not.toBeChecked();
    await review();
    const button = await screen.findByRole('button', { name: 'Add bill' });
    await userEvent.click(button);
    await userEvent.click(button); // a second press while the first is on its way
    expect(await screen.findByText('Bill created successfully!')).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        name: 'Pizza',
        // Guessed from the name (issue 36).
        category: 'food',
        amount: 42,
        roomId: ROOM_ID,
        paidBy: ben.id,
        split: { mode: 'equal', userIds: [ada.id, ben.id] },
      },
    ]);
    await screen.findByRole('heading', { name: 'Room page' });
    expect(router.state.location.pathname).toBe(`/room/${ROOM_ID}`);
  });

  it('saves through the mock server too (what dev:mock serves)', async () => {
    await renderForm();
    await userEvent.type(nameField(), 'Taxi');
    await userEvent.type(amountField(), '9');
    await review();
    await save();
    expect(await screen.findByText('Bill created successfully!')).toBeInTheDocument();
  });

  it.each([
    [404, 'Room or user not found'],
    [500, genericErrorMessage()],
    [403, genericErrorMessage()],
  ])('%i: %s on the review, and Back finds the form as it was', async (status, message) => {
    capture('post', () => fail(status, status === 404 ? 'NOT_FOUND' : 'INTERNAL', 'Server says no.'));
    await renderForm();
    await userEvent.type(nameField(), 'Taxi');
    await userEvent.type(amountField(), '7');
    await review();
    await save();
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: 'Add bill' })).toBeEnabled();
    await back();
    expect(nameField()).toHaveValue('Taxi');
    expect(amountField()).toHaveValue('7.00');
  });
});

describe('create bill: without navigation state (a reload)', () => {
  it('loads the room and its members', async () => {
    serveBills(roomSeed({ name: 'Sunday Football', members: [ada.id, dev.id, ben.id] }));
    renderBillScreen(CREATE_PATH);
    expect(await screen.findByRole('checkbox', { name: 'dev_patel' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'ben_k' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'ada (you)' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'chloe.m' })).not.toBeInTheDocument();
    expect(await screen.findByText('Sunday Football')).toBeInTheDocument();
  });

  it('uses the members of navigation state at once, before the server answers', async () => {
    server.use(http.get(`${API_BASE}/rooms/:id/attendees`, () => new Promise<Response>(() => {})));
    renderBillScreen(CREATE_PATH, { ...navState, attendees: [ada, chloe] });
    expect(await screen.findByRole('checkbox', { name: 'chloe.m' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'ben_k' })).not.toBeInTheDocument();
  });

  it('offers the form after a consolidation: new bills form the next round', async () => {
    serveBills(roomSeed({ consolidated: true }));
    renderBillScreen(CREATE_PATH);
    expect(await screen.findByRole('button', { name: 'Review' })).toBeInTheDocument();
  });

  it('says so when the room is closed, instead of the form', async () => {
    serveBills(roomSeed({ isClosed: true }));
    renderBillScreen(CREATE_PATH);
    expect(await screen.findByText('This room is closed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Review' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the room' })).toHaveAttribute(
      'href',
      `/room/${ROOM_ID}`,
    );
  });

  it('shows an error with a retry when the members cannot be loaded', async () => {
    let calls = 0;
    server.use(
      http.get(`${API_BASE}/rooms/:id/attendees`, () => {
        calls += 1;
        if (calls === 1) return fail(500, 'INTERNAL', 'Something went wrong.');
        return ok([ada, ben].map((u) => ({ ...u, rsvp: 'going' })));
      }),
    );
    renderBillScreen(CREATE_PATH);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the room’s members.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('checkbox', { name: 'ben_k' })).toBeInTheDocument();
    await waitFor(() => expect(calls).toBe(2));
  });
});
