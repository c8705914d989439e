import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { catchDownloads, readText } from '../../../test/downloads';
import { server } from '../../../test/server';
import { ada, ben, chloe, ROOM_ID, roomSeed } from '../test-support';
import { dinnerAndTaxi, renderMoney } from './money-testing';
import { setTestLanguage } from '../../../test/i18n';

// The Money section's actions: who may edit and delete a bill, and the CSV export (its lists
// and breakdowns are money-section.test.tsx's). Amounts in these tests are written the en-US way ($12.50); dates are whatever the tests say.
beforeEach(() => setTestLanguage('en', 'en-US'));

const billRows = () => screen.getAllByTestId('money-bill').map((row) => row.textContent);

describe('Money section: who may edit and delete', () => {
  it.each([
    ['the host', ada, 'Dinner', true],
    ['the host, on a bill someone else paid', ada, 'Taxi', true],
    ['the payer', ben, 'Taxi', true],
    ['a member who neither paid nor added it', chloe, 'Dinner', false],
    ['a member who is only a participant', ben, 'Dinner', false],
  ])('%s (%o) on %s', async (_who, me, billName, allowed) => {
    renderMoney({ as: me });
    await screen.findByRole('list', { name: 'Bills of this room' });
    await userEvent.click(screen.getByRole('button', { name: new RegExp(`^${billName}`) }));
    const dialog = await screen.findByRole('dialog', { name: billName });
    if (allowed) {
      const id = billName === 'Dinner' ? 1 : 2;
      expect(within(dialog).getByRole('link', { name: 'Edit' })).toHaveAttribute(
        'href',
        `/room/${ROOM_ID}/bill/${id}/edit`,
      );
      expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    } else {
      expect(within(dialog).queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
      expect(within(dialog).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    }
  });

  it('the creator who did not pay may change it too', async () => {
    renderMoney({
      seed: roomSeed({ hostId: ben.id, members: [ben.id, ada.id, chloe.id] }, dinnerAndTaxi),
      search: '?bill=2',
    });
    const dialog = await screen.findByRole('dialog', { name: 'Taxi' });
    expect(within(dialog).getByRole('link', { name: 'Edit' })).toBeInTheDocument();
  });

  it('Edit opens the edit route', async () => {
    const { router } = renderMoney({ search: '?bill=1' });
    const dialog = await screen.findByRole('dialog', { name: 'Dinner' });
    await userEvent.click(within(dialog).getByRole('link', { name: 'Edit' }));
    expect(await screen.findByRole('heading', { name: 'Edit bill page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/room/${ROOM_ID}/bill/1/edit`);
  });

  it('Delete asks first; Cancel keeps the bill, Delete removes it and refreshes the balances', async () => {
    renderMoney({ search: '?bill=1' });
    let dialog = await screen.findByRole('dialog', { name: 'Dinner' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    let confirm = await screen.findByRole('alertdialog', { name: 'Delete Dinner?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    dialog = await screen.findByRole('dialog', { name: 'Dinner' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    confirm = await screen.findByRole('alertdialog', { name: 'Delete Dinner?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Bill deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(billRows()).toEqual(['Taxi$12.00Paid by ben_k · By shares (1:2)Added by you']),
    );
    await waitFor(() =>
      expect(screen.getByLabelText('Your money in this room')).toHaveTextContent('You are square$0.00'),
    );
  });
});

describe('Money section: Export CSV', () => {
  it('downloads the file under the server’s name, with the token', async () => {
    let auth: string | null = null;
    server.events.on('request:start', ({ request }) => {
      if (request.url.endsWith('/export.csv')) auth = request.headers.get('Authorization');
    });
    const downloads = catchDownloads();
    renderMoney();
    await userEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]!.name).toBe('board-game-night-bills.csv');
    expect(auth).toMatch(/^Bearer /);
    const text = await readText(downloads[0]!.blob!);
    expect(text.split('\r\n')[0]).toBe('Record,Round,Date,Bill,Person,Paid by / to,Amount,Currency,Status');
    expect(text).toContain('Share,Open,');
    server.events.removeAllListeners();
  });
});
