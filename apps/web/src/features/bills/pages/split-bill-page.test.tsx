import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { API_BASE } from '../../../lib/api-client';
import { fail } from '../../../mocks/envelope';
import { server } from '../../../test/server';
import { ROOM_ID, ada, ben, chloe, roomSeed, serveBills } from '../test-support';
import { setTestLanguage } from '../../../test/i18n';

// Amounts in these tests are written the en-US way ($12.50); dates are whatever the tests say.
beforeEach(() => setTestLanguage('en', 'en-US'));

// Screens load lazily: under a busy machine the first render can take longer than the default 1 s.
configure({ asyncUtilTimeout: 5000 });

import { groups, renderSplit, threeBills } from './split-bill-page.testing';

describe('split bill: bills by owner', () => {
  it('groups the bills by owner with each total, and the room total to the cent', async () => {
    serveBills(roomSeed({}, threeBills));
    await renderSplit();
    expect(await screen.findByTestId('room-total')).toHaveTextContent('$59.10');
    expect(screen.getByText(/3 bills/)).toBeInTheDocument();
    const [first, second] = groups();
    expect(groups()).toHaveLength(2);
    // Ben's bill is the newest, so his group comes first.
    const benHeader = within(first!).getByRole('button', { expanded: false });
    expect(benHeader).toHaveTextContent('ben_k');
    expect(benHeader).toHaveTextContent('1 bill');
    expect(benHeader).toHaveTextContent('$7.00');
    const adaHeader = within(second!).getByRole('button', { expanded: false });
    expect(adaHeader).toHaveTextContent('ada');
    expect(adaHeader).toHaveTextContent('2 bills');
    expect(adaHeader).toHaveTextContent('$52.10');
  });

  it('opens a group to show each bill: name, amount, who shares it, date', async () => {
    serveBills(roomSeed({}, threeBills));
    await renderSplit();
    await screen.findByTestId('room-total');
    const adaGroup = groups()[1]!;
    // Each group reads its own bills (a page of 10); they are in the page, hidden, until the group opens.
    expect(await within(adaGroup).findByText('Pizza')).not.toBeVisible();
    await userEvent.click(within(adaGroup).getByRole('button', { name: /ada/ }));
    expect(within(adaGroup).getByRole('button', { name: /ada/ })).toHaveAttribute('aria-expanded', 'true');
    const [drinks, pizza] = within(adaGroup).getAllByTestId('bill');
    expect(pizza).toHaveTextContent('Pizza');
    expect(pizza).toHaveTextContent('$42.00');
    expect(pizza).toHaveTextContent('Split between ada, ben_k, chloe.m');
    expect(pizza).toHaveTextContent(/Nov 20, 2026/);
    expect(drinks).toHaveTextContent('Drinks');
    expect(drinks).toHaveTextContent('$10.10');
    expect(drinks).toHaveTextContent('Split between ben_k (ada not included)');
    await userEvent.click(within(adaGroup).getByRole('button', { name: /ada/ }));
    expect(pizza).not.toBeVisible();
  });

  it('says so when there are no bills, without a Consolidate button', async () => {
    serveBills(roomSeed());
    await renderSplit();
    expect(await screen.findByText('No bills yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create bill' })).toHaveAttribute(
      'href',
      `/room/${ROOM_ID}/bill/create`,
    );
    expect(screen.queryByRole('button', { name: 'Consolidate' })).not.toBeInTheDocument();
  });

  it('alerts "Failed to fetch bill" when the bills cannot be loaded, with a retry', async () => {
    serveBills(roomSeed({}, threeBills));
    let calls = 0;
    // The room's bills as the page reads them: their summary (total, count, groups).
    server.use(
      http.get(`${API_BASE}/rooms/:id/bills/summary`, () => {
        calls += 1;
        if (calls === 1) return fail(500, 'INTERNAL', 'Something went wrong.');
        return undefined;
      }),
    );
    await renderSplit();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch bill');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('room-total')).toHaveTextContent('$59.10');
  });
});

describe('split bill: deleting a bill', () => {
  it('the owner deletes their bill after confirmation; it leaves the list', async () => {
    serveBills(roomSeed({ hostId: chloe.id, members: [chloe.id, ada.id, ben.id] }, threeBills));
    await renderSplit();
    await screen.findByTestId('room-total');
    const [benGroup, adaGroup] = groups();
    await userEvent.click(within(benGroup!).getByRole('button', { name: /ben_k/ }));
    await userEvent.click(within(adaGroup!).getByRole('button', { name: /ada/ }));
    // Not the host: only ada's own bills can go.
    expect(within(benGroup!).queryByRole('button', { name: 'Delete Taxi' })).not.toBeInTheDocument();
    await userEvent.click(await within(adaGroup!).findByRole('button', { name: 'Delete Drinks' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Drinks?' });
    expect(dialog).toHaveTextContent('$10.10 paid by ada');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Bill deleted')).toBeInTheDocument();
    expect(screen.queryByText('Drinks')).not.toBeInTheDocument();
    expect(screen.getByTestId('room-total')).toHaveTextContent('$49.00');
  });

  it('the host may delete anyone’s bill; a refusal says why and keeps it', async () => {
    serveBills(roomSeed({}, threeBills));
    server.use(
      http.delete(`${API_BASE}/bills/:id`, () =>
        fail(409, 'CONFLICT', 'The bills of this room are already consolidated.'),
      ),
    );
    await renderSplit();
    await screen.findByTestId('room-total');
    const benGroup = groups()[0]!;
    await userEvent.click(within(benGroup).getByRole('button', { name: /ben_k/ }));
    await userEvent.click(await within(benGroup).findByRole('button', { name: 'Delete Taxi' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText('Failed to delete bill: The bills of this room are already consolidated.'),
    ).toBeInTheDocument();
    expect(within(benGroup).getByText('Taxi')).toBeInTheDocument();
  });
});
