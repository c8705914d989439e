import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { API_BASE } from '@/lib/api-client';
import { fail } from '@/mocks/envelope';
import { server } from '@/test/server';
import { renderMoney } from '@/test/money-section';

// The Money section's failure paths: a refused delete keeps the bill and says why; a refused Settle up keeps the
// open round as it was.

async function deleteDinner() {
  const dialog = await screen.findByRole('dialog', { name: 'Dinner' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
  const confirm = await screen.findByRole('alertdialog', { name: 'Delete Dinner?' });
  await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
}

describe('Money section: a delete the server refuses', () => {
  it.each([
    [409, fail(409, 'CONFLICT', 'This bill is already consolidated.'), 'This bill can no longer be changed.'],
    [
      409,
      fail(409, 'CONFLICT', 'This room is closed.', undefined, { body: { reason: 'ROOM_CLOSED' } }),
      'This room is closed.',
    ],
    [
      403,
      fail(403, 'FORBIDDEN', 'Only the bill’s creator, its payer or the host can delete it.'),
      'Only the bill’s creator, its payer or the host can delete it.',
    ],
    [500, fail(500, 'INTERNAL', 'Something went wrong.'), 'Failed to delete bill'],
    [0, HttpResponse.error(), 'An error occurred, please try again later.'],
  ])('%i: says why in the breakdown and keeps the bill', async (_status, answer, message) => {
    renderMoney({ search: '?bill=1' });
    server.use(http.delete(`${API_BASE}/bills/:id`, () => answer));
    await deleteDinner();
    const dialog = await screen.findByRole('dialog', { name: 'Dinner' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(screen.getAllByTestId('money-bill')).toHaveLength(2);
  });
});

describe('Money section: a Settle up the server refuses', () => {
  it.each([
    [
      403,
      fail(403, 'NOT_HOST', 'Only the host can consolidate the bills.'),
      'Only the host can consolidate the bills.',
    ],
    [409, fail(409, 'CONFLICT', 'There are no bills to consolidate.'), 'There are no bills to consolidate.'],
    [500, fail(500, 'INTERNAL', 'Something went wrong.'), 'Could not tell everyone'],
    [0, HttpResponse.error(), 'An error occurred, please try again later.'],
  ])('%i: a toast says why; the open round stays', async (_status, answer, message) => {
    renderMoney();
    server.use(http.post(`${API_BASE}/bills/consolidate`, () => answer));
    await userEvent.click(await screen.findByRole('button', { name: 'Tell everyone' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Tell everyone what they owe?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Tell everyone' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Settled rounds' })).not.toBeInTheDocument();
    expect(screen.getAllByTestId('money-bill')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Tell everyone' })).toBeInTheDocument();
  });
});

describe('Money section: Export CSV refused', () => {
  it('a failed export says so and keeps the page', async () => {
    renderMoney();
    server.use(
      http.get(`${API_BASE}/rooms/:id/export.csv`, () => fail(403, 'NOT_MEMBER', 'You are not a member.')),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Could not export the bills. Please try again.')).toBeInTheDocument();
  });
});
