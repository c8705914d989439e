import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ada, ben, chloe, ROOM_ID, roomSeed } from '@/test/bill-screens';
import { dinnerAndTaxi, renderMoney } from '@/test/money-section';
import { setTestLanguage } from '@/test/i18n';

// The Money section's actions: who may edit and delete a bill (its lists and breakdowns are money-section.test.tsx's;
// a delete and the CSV export, what the server does, are money-section.server.test.tsx's). Amounts in these tests are
// written the en-US way ($12.50); dates are whatever the tests say.
beforeEach(() => setTestLanguage('en', 'en-US'));

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
});
