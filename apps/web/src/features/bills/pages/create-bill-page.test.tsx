import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { API_BASE } from '../../../lib/api-client';
import { GENERIC_ERROR_MESSAGE } from '../../../lib/api-error';
import { fail, ok } from '../../../mocks/envelope';
import { server } from '../../../test/server';
import { ROOM_ID, ada, ben, chloe, dev, renderBillScreen, roomSeed, serveBills } from '../test-support';

// Screens load lazily: under a busy machine the first render can take longer than the default 1 s.
configure({ asyncUtilTimeout: 5000 });

const PATH = `/room/${ROOM_ID}/bill/create`;
const navState = { attendees: [ada, ben, chloe], roomName: 'Board Game Night', userId: ada.id };

beforeEach(() => {
  serveBills();
});

async function renderForm(state: unknown = navState) {
  const view = renderBillScreen(PATH, state);
  await screen.findByRole('checkbox', { name: 'ben_k' });
  return view;
}

/** Records the bodies of POST /v1/bills and answers with `respond`. */
function capturePosts(respond: (body: unknown) => Response | Promise<Response>) {
  const bodies: unknown[] = [];
  server.use(
    http.post(`${API_BASE}/bills`, async ({ request }) => {
      const body: unknown = await request.json();
      bodies.push(body);
      return respond(body);
    }),
  );
  return bodies;
}

const nameField = () => screen.getByLabelText('Bill Name');
const amountField = () => screen.getByLabelText('Amount ($)');
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Create Bill' }));
const shares = () => screen.getAllByTestId('share').map((li) => li.textContent);

describe('create bill: the form', () => {
  it('offers the other attendees as payers (not the signed-in user), with Include myself on', async () => {
    await renderForm();
    expect(screen.getByRole('heading', { level: 1, name: 'Create Bill' })).toBeInTheDocument();
    expect(screen.getByText('Board Game Night')).toBeInTheDocument();
    const payers = within(screen.getByRole('group', { name: 'Who pays?' }));
    expect(payers.getAllByRole('checkbox')).toHaveLength(2);
    expect(payers.getByRole('checkbox', { name: 'ben_k' })).not.toBeChecked();
    expect(payers.getByRole('checkbox', { name: 'chloe.m' })).not.toBeChecked();
    expect(payers.queryByRole('checkbox', { name: 'ada' })).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /Include myself/ })).toBeChecked();
    expect(amountField()).toHaveAttribute('type', 'number');
    expect(amountField()).toHaveAttribute('step', '0.01');
  });

  it('requires a name, an amount and a payer, and sends nothing', async () => {
    const bodies = capturePosts(() => ok(null));
    await renderForm();
    await submit();
    expect(await screen.findByText('Bill Name is required')).toBeInTheDocument();
    expect(screen.getByText('amount is required')).toBeInTheDocument();
    expect(screen.getByText('Choose at least one payer')).toBeInTheDocument();
    expect(nameField()).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(nameField(), '   ');
    await submit();
    expect(screen.getByText('Bill Name is required')).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it.each([
    ['0', 'Amount must be greater than 0'],
    ['-5', 'Amount must be greater than 0'],
    ['12.345', 'Amount can have at most 2 decimals'],
    ['1000000.01', 'Amount must be at most 1,000,000'],
    ['2000000', 'Amount must be at most 1,000,000'],
  ])('says what is wrong with the amount %s', async (typed, message) => {
    const bodies = capturePosts(() => ok(null));
    await renderForm();
    await userEvent.type(nameField(), 'Pizza');
    await userEvent.type(amountField(), typed);
    await userEvent.click(screen.getByRole('checkbox', { name: 'ben_k' }));
    await submit();
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(amountField()).toHaveAttribute('aria-invalid', 'true');
    expect(bodies).toEqual([]);
  });

  it('says "Amount must be a number" for text the browser could not read as a number', async () => {
    const bodies = capturePosts(() => ok(null));
    await renderForm();
    await userEvent.type(nameField(), 'Pizza');
    await userEvent.click(screen.getByRole('checkbox', { name: 'ben_k' }));
    // A browser keeps such text out of `value` ("") and flags it; jsdom cannot type it, so the flag is set here.
    Object.defineProperty(amountField(), 'validity', { value: { badInput: true }, configurable: true });
    await submit();
    expect(await screen.findByText('Amount must be a number')).toBeInTheDocument();
    expect(screen.queryByText('amount is required')).not.toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it('selects and deselects every payer at once', async () => {
    await renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Select all' }));
    expect(screen.getByRole('checkbox', { name: 'ben_k' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'chloe.m' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Deselect all' }));
    expect(screen.getByRole('checkbox', { name: 'ben_k' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'chloe.m' })).not.toBeChecked();
    // One ticked by hand, then "Select all" completes the set.
    await userEvent.click(screen.getByRole('checkbox', { name: 'chloe.m' }));
    await userEvent.click(screen.getByRole('button', { name: 'Select all' }));
    expect(screen.getByRole('checkbox', { name: 'ben_k' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Deselect all' })).toBeInTheDocument();
  });
});

describe('create bill: the live preview', () => {
  it('splits 10.00 among 3 to the cent: 3.33, 3.33 and 3.34, marked "about"', async () => {
    await renderForm();
    expect(screen.getByText('Enter an amount and choose who pays to see each share.')).toBeInTheDocument();
    await userEvent.type(amountField(), '10');
    // Nobody chosen yet: no shares, only the hint.
    expect(screen.queryAllByTestId('share')).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Select all' }));
    const texts = shares();
    expect(texts).toHaveLength(3);
    expect(texts.every((t) => t?.includes('about'))).toBe(true);
    const amounts = texts.map((t) => /\$(\d+\.\d\d)/.exec(t ?? '')?.[1]).sort();
    expect(amounts).toEqual(['3.33', '3.33', '3.34']);
    expect(texts[0]).toMatch(/^You \(your own share\)/);
    expect(screen.getByText(/1 of you pays 1 cent more/)).toBeInTheDocument();
  });

  it('shows even shares without "about", and follows Include myself and the payers', async () => {
    await renderForm();
    await userEvent.type(amountField(), '30');
    await userEvent.click(screen.getByRole('button', { name: 'Select all' }));
    expect(shares()).toEqual(['You (your own share)$10.00', 'ben_k$10.00', 'chloe.m$10.00']);
    await userEvent.click(screen.getByRole('checkbox', { name: /Include myself/ }));
    expect(shares()).toEqual(['ben_k$15.00', 'chloe.m$15.00']);
    expect(screen.getByText(/the others owe you all of it/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'chloe.m' }));
    expect(shares()).toEqual(['ben_k$30.00']);
    await userEvent.clear(amountField());
    await userEvent.type(amountField(), '0.05');
    await userEvent.click(screen.getByRole('checkbox', { name: /Include myself/ }));
    // 5 cents between 2: 2 and 3 cents, never a fraction of a cent.
    expect(
      shares()
        .map((t) => /\$(\d+\.\d\d)/.exec(t ?? '')?.[1])
        .sort(),
    ).toEqual(['0.02', '0.03']);
  });
});

describe('create bill: sending', () => {
  it('sends the amount as a number with the payers, toasts and goes back to the room', async () => {
    const bodies = capturePosts(async () => {
      await new Promise((r) => setTimeout(r, 50));
      return ok({
        id: 900,
        name: 'Pizza',
        amount: 42.1,
        includeOwner: false,
        date: new Date().toISOString(),
        roomId: ROOM_ID,
        payers: [11, 12],
        ownerId: 7,
        owner: ada,
        consolidationId: null,
      });
    });
    const { router } = await renderForm();
    await userEvent.type(nameField(), '  Pizza ');
    await userEvent.type(amountField(), '42.10');
    await userEvent.click(screen.getByRole('button', { name: 'Select all' }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Include myself/ }));
    const button = screen.getByRole('button', { name: 'Create Bill' });
    await userEvent.click(button);
    await userEvent.click(button); // a second press while the first is on its way
    expect(await screen.findByText('Bill created successfully!')).toBeInTheDocument();
    expect(bodies).toEqual([
      { name: 'Pizza', amount: 42.1, includeOwner: false, roomId: ROOM_ID, payers: [11, 12] },
    ]);
    expect(typeof (bodies[0] as { amount: unknown }).amount).toBe('number');
    await screen.findByRole('heading', { name: 'Room page' });
    expect(router.state.location.pathname).toBe(`/room/${ROOM_ID}`);
  });

  it('400: "Invalid data" with the issue at its field, and keeps what was typed', async () => {
    capturePosts(() =>
      fail(400, 'VALIDATION', 'Amount must be greater than 0', [
        { path: 'amount', message: 'Amount must be greater than 0' },
      ]),
    );
    await renderForm();
    await userEvent.type(nameField(), 'Pizza');
    await userEvent.type(amountField(), '12.5');
    await userEvent.click(screen.getByRole('checkbox', { name: 'ben_k' }));
    await submit();
    expect((await screen.findByText('Invalid data')).closest('[role="alert"]')).not.toBeNull();
    expect(amountField()).toHaveAttribute('aria-invalid', 'true');
    expect(amountField()).toHaveAccessibleDescription('Amount must be greater than 0');
    expect(nameField()).toHaveValue('Pizza');
    expect(amountField()).toHaveValue(12.5);
    expect(screen.getByRole('checkbox', { name: 'ben_k' })).toBeChecked();
  });

  it('400 with an issue of no field: the issue goes with "Invalid data"', async () => {
    capturePosts(() =>
      fail(400, 'VALIDATION', 'roomId: must be a room id', [
        { path: 'body.roomId', message: 'roomId must be a room id' },
      ]),
    );
    await renderForm();
    await userEvent.type(nameField(), 'Pizza');
    await userEvent.type(amountField(), '12');
    await userEvent.click(screen.getByRole('checkbox', { name: 'ben_k' }));
    await submit();
    expect(await screen.findByText('Invalid data: roomId must be a room id')).toBeInTheDocument();
  });

  it.each([
    [404, 'Room or user not found'],
    [500, GENERIC_ERROR_MESSAGE],
    [403, GENERIC_ERROR_MESSAGE],
  ])('%i: %s, and the form keeps its values', async (status, message) => {
    capturePosts(() => fail(status, status === 404 ? 'NOT_FOUND' : 'INTERNAL', 'Server says no.'));
    await renderForm();
    await userEvent.type(nameField(), 'Taxi');
    await userEvent.type(amountField(), '7');
    await userEvent.click(screen.getByRole('checkbox', { name: 'chloe.m' }));
    await submit();
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(nameField()).toHaveValue('Taxi');
    expect(amountField()).toHaveValue(7);
    expect(screen.getByRole('checkbox', { name: 'chloe.m' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Create Bill' })).toBeEnabled();
  });
});

describe('create bill: without navigation state (a reload)', () => {
  it('loads the room and its attendees', async () => {
    serveBills(roomSeed({ name: 'Sunday Football', members: [ada.id, dev.id, ben.id] }));
    renderBillScreen(PATH);
    expect(await screen.findByRole('checkbox', { name: 'dev_patel' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'ben_k' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'chloe.m' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'ada' })).not.toBeInTheDocument();
    expect(await screen.findByText('Sunday Football')).toBeInTheDocument();
  });

  it('uses the attendees of navigation state at once, before the server answers', async () => {
    server.use(http.get(`${API_BASE}/rooms/:id/attendees`, () => new Promise<Response>(() => {})));
    renderBillScreen(PATH, { ...navState, attendees: [ada, chloe] });
    expect(await screen.findByRole('checkbox', { name: 'chloe.m' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'ben_k' })).not.toBeInTheDocument();
  });

  it('says so when the bills are already consolidated, instead of the form', async () => {
    serveBills(roomSeed({ consolidated: true }));
    renderBillScreen(PATH);
    expect(await screen.findByText('Bills are consolidated')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Bill' })).not.toBeInTheDocument();
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
        return calls === 1 ? fail(500, 'INTERNAL', 'Something went wrong.') : ok([ada, ben]);
      }),
    );
    renderBillScreen(PATH);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the room’s members.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('checkbox', { name: 'ben_k' })).toBeInTheDocument();
    await waitFor(() => expect(calls).toBe(2));
  });
});
