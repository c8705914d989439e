import { configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { API_BASE } from '../../../lib/api-client';
import { GENERIC_ERROR_MESSAGE } from '../../../lib/api-error';
import { fail } from '../../../mocks/envelope';
import { server } from '../../../test/server';
import { ROOM_ID, ada, ben, chloe, renderBillScreen, serveBills } from '../test-support';

// Issue #10: what create-bill-page.test.tsx does not already cover (required, amount range, 400/403/404/500 are).

configure({ asyncUtilTimeout: 5000 });

const PATH = `/room/${ROOM_ID}/bill/create`;
const navState = { attendees: [ada, ben, chloe], roomName: 'Board Game Night', userId: ada.id };

beforeEach(() => {
  serveBills();
});

async function renderForm() {
  const view = renderBillScreen(PATH, navState);
  await screen.findByRole('checkbox', { name: 'ben_k' });
  return view;
}

const nameField = () => screen.getByLabelText('Bill Name');
const amountField = () => screen.getByLabelText('Amount ($)');
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Create Bill' }));

async function fill() {
  await userEvent.type(nameField(), 'Taxi');
  await userEvent.type(amountField(), '12.34');
  await userEvent.click(screen.getByRole('checkbox', { name: 'chloe.m' }));
  await userEvent.click(screen.getByRole('checkbox', { name: /Include myself/ }));
}

function expectKept() {
  expect(nameField()).toHaveValue('Taxi');
  expect(amountField()).toHaveValue(12.34);
  expect(screen.getByRole('checkbox', { name: 'chloe.m' })).toBeChecked();
  expect(screen.getByRole('checkbox', { name: 'ben_k' })).not.toBeChecked();
  expect(screen.getByRole('checkbox', { name: /Include myself/ })).not.toBeChecked();
}

describe('create bill: rejected input', () => {
  it('an amount with 3 decimals is refused on its field; the other values stay', async () => {
    const bodies: unknown[] = [];
    server.use(http.post(`${API_BASE}/bills`, async ({ request }) => void bodies.push(await request.json())));
    await renderForm();
    await userEvent.type(nameField(), 'Taxi');
    await userEvent.type(amountField(), '12.345');
    await userEvent.click(screen.getByRole('checkbox', { name: 'chloe.m' }));
    await submit();
    expect(amountField()).toHaveAccessibleDescription('Amount can have at most 2 decimals');
    expect(nameField()).toHaveValue('Taxi');
    expect(amountField()).toHaveValue(12.345);
    expect(screen.getByRole('checkbox', { name: 'chloe.m' })).toBeChecked();
    expect(bodies).toEqual([]);
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
  ])('a %i shows the generic text and keeps every value', async (status, code) => {
    server.use(http.post(`${API_BASE}/bills`, () => fail(status, code, 'Server says no.')));
    const { router } = await renderForm();
    await fill();
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(GENERIC_ERROR_MESSAGE);
    expectKept();
    expect(screen.getByRole('button', { name: 'Create Bill' })).toBeEnabled();
    expect(router.state.location.pathname).toBe(PATH);
  });

  it('a network failure shows the generic text and keeps every value', async () => {
    server.use(http.post(`${API_BASE}/bills`, () => HttpResponse.error()));
    await renderForm();
    await fill();
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(GENERIC_ERROR_MESSAGE);
    expectKept();
  });
});
