import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { API_BASE } from '@/lib/api-client';
import { fail, ok } from '@/mocks/envelope';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/server';
import { makeToken } from '@/test/tokens';
import { currencyOptions, filterCurrencies } from '../lib/currencies';
import { defaultCurrency } from '../lib/new-room-currency';
import { fillValidForm, recordCreates, renderCreate, submit } from '../pages/create-room-page.testing';
import { seedRoom, serveRooms } from '../testing';
import { CurrencyPicker } from './currency-picker';

const ID = '11111111-2222-4333-8444-555555555555';

describe('currencies', { timeout: 30_000 }, () => {
  it.each([
    ['en-SG', 'SGD'],
    ['de-DE', 'EUR'],
    ['fr', 'EUR'],
    ['en-GB', 'GBP'],
    ['ja-JP', 'JPY'],
    ['en-US', 'USD'],
    ['en', 'USD'],
    ['not a locale', 'USD'],
  ])('%s defaults to %s', (locale, code) => {
    expect(defaultCurrency(locale)).toBe(code);
  });

  it('names every ledger currency in the user’s language and finds it by name or code', () => {
    const en = currencyOptions('en-US');
    expect(en.find((o) => o.code === 'SGD')?.name).toBe('Singapore Dollar');
    expect(currencyOptions('de-DE').find((o) => o.code === 'USD')?.name).toBe('US-Dollar');
    expect(filterCurrencies(en, 'sgd').map((o) => o.code)).toEqual(['SGD']);
    expect(filterCurrencies(en, 'yen').map((o) => o.code)).toContain('JPY');
    expect(filterCurrencies(en, '  ')).toHaveLength(en.length);
  });
});

function Picker({ hint = null }: { hint?: string | null }) {
  const [value, setValue] = useState('USD');
  return <CurrencyPicker value={value} onChange={setValue} disabledHint={hint} locale="en-US" />;
}

describe('CurrencyPicker', { timeout: 30_000 }, () => {
  it('shows the choice; Change opens a searchable list; a choice replaces it', async () => {
    render(<Picker />);
    const group = screen.getByRole('group', { name: 'Currency' });
    expect(within(group).getByTestId('currency-current')).toHaveTextContent('US Dollar (USD)');
    await userEvent.click(within(group).getByRole('button', { name: 'Change' }));
    expect(within(group).getByRole('radio', { name: /US Dollar/ })).toBeChecked();
    await userEvent.type(within(group).getByRole('searchbox', { name: 'Search currencies' }), 'singa');
    const list = within(group).getByRole('radiogroup', { name: 'Currencies' });
    expect(within(list).getAllByRole('radio')).toHaveLength(1);
    await userEvent.click(within(list).getByRole('radio', { name: /Singapore Dollar/ }));
    expect(within(group).getByTestId('currency-current')).toHaveTextContent('Singapore Dollar (SGD)');
    await userEvent.click(within(group).getByRole('button', { name: 'Done' }));
    expect(within(group).queryByRole('radiogroup')).not.toBeInTheDocument();
  });

  it('says when nothing matches', async () => {
    render(<Picker />);
    await userEvent.click(screen.getByRole('button', { name: 'Change' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search currencies' }), 'zzzz');
    expect(screen.getByText('No currency matches “zzzz”.')).toBeInTheDocument();
  });

  it('is read-only with a hint when it cannot change', () => {
    render(<Picker hint="The currency cannot change once the room has bills." />);
    const group = screen.getByRole('group', { name: 'Currency' });
    expect(group).toHaveAccessibleDescription('The currency cannot change once the room has bills.');
    expect(within(group).queryByRole('button', { name: 'Change' })).not.toBeInTheDocument();
  });
});

describe('currency on create and edit room', { timeout: 30_000 }, () => {
  it('create sends the chosen currency', async () => {
    const bodies = recordCreates();
    await renderCreate();
    await fillValidForm();
    await userEvent.click(screen.getByRole('button', { name: 'Change' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search currencies' }), 'SGD');
    await userEvent.click(screen.getByRole('radio', { name: /Singapore Dollar/ }));
    await submit();
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ room: { currency: 'SGD' } });
  });

  async function renderEdit() {
    renderApp({ pathname: `/room/${ID}/edit`, state: { from: `/room/${ID}` } }, { token: makeToken() });
    await screen.findByRole('button', { name: 'Save' });
  }

  it('edit changes the currency while the room has no bills', async () => {
    serveRooms({ rooms: [seedRoom({ inDays: 5 })] });
    server.use(http.get(`${API_BASE}/bills`, () => ok([])));
    const bodies: unknown[] = [];
    server.use(
      http.patch(`${API_BASE}/rooms/:id/edit`, async ({ request }) => {
        bodies.push(await request.clone().json());
      }),
    );
    await renderEdit();
    await userEvent.click(await screen.findByRole('button', { name: 'Change' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search currencies' }), 'euro');
    await userEvent.click(screen.getByRole('radio', { name: /^Euro/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Room updated successfully!')).toBeInTheDocument();
    expect(bodies[0]).toMatchObject({ currency: 'EUR' });
  });

  it('edit keeps the currency read-only once the room has bills, and sends none', async () => {
    serveRooms({ rooms: [seedRoom({ inDays: 5 })] });
    const limits: (string | null)[] = [];
    server.use(
      http.get(`${API_BASE}/bills`, ({ request }) => {
        // Whether the room has a bill is a one-bill page, never the room's whole list.
        limits.push(new URL(request.url).searchParams.get('limit'));
        return ok([
          {
            id: 1,
            name: 'Pizza',
            amount: 10,
            includeOwner: true,
            date: '2026-11-20T10:00:00.000Z',
            roomId: ID,
            payers: [11],
            ownerId: 7,
            owner: { id: 7, username: 'ada', email: '', pictureUrl: '' },
            consolidationId: null,
            shares: [
              { userId: 7, amount: 5 },
              { userId: 11, amount: 5 },
            ],
            split: { mode: 'equal', userIds: [7, 11] },
            createdBy: 7,
            currency: 'USD',
            updatedAt: '2026-11-20T10:00:00.000Z',
          },
        ]);
      }),
    );
    await renderEdit();
    const group = screen.getByRole('group', { name: 'Currency' });
    await waitFor(() =>
      expect(group).toHaveAccessibleDescription('The currency cannot change once the room has bills.'),
    );
    expect(limits).toEqual(['1']);
    expect(within(group).queryByRole('button', { name: 'Change' })).not.toBeInTheDocument();
  });

  it('a 409 from the server (bills added meanwhile) is shown and the choice kept', async () => {
    serveRooms({ rooms: [seedRoom({ inDays: 5 })] });
    server.use(
      http.get(`${API_BASE}/bills`, () => ok([])),
      http.patch(`${API_BASE}/rooms/:id/edit`, () =>
        fail(409, 'CONFLICT', 'The currency cannot change once the room has bills.'),
      ),
    );
    await renderEdit();
    await userEvent.click(await screen.findByRole('button', { name: 'Change' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search currencies' }), 'SGD');
    await userEvent.click(screen.getByRole('radio', { name: /Singapore Dollar/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The currency cannot change once the room has bills.',
    );
    expect(screen.getByTestId('currency-current')).toHaveTextContent('Singapore Dollar (SGD)');
  });
});
