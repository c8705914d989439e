import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Balances } from '@outing/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { ada, ben, roomSeed } from '@/test/bill-screens';
import { renderMoney } from '@/test/money-section';
import { setTestLanguage } from '@/test/i18n';

// The "guest" mark (issue 35, docs/guests.md) by a guest's name in the Money section: who pays whom and a bill's
// breakdown. The server marks every guest `isGuest: true` (attendees, bills' owner); accounts carry no mark.

beforeEach(() => setTestLanguage('en', 'en-US'));

/** A guest of the room: in it from its guest link, without an account. */
const mei = { id: 14, username: 'mei', email: '', pictureUrl: '', isGuest: true as const };

/** Fixed balances: mei owes ada 10.00, ben owes ada 5.00. */
const balances: Balances = {
  currency: 'USD',
  members: [
    { userId: ada.id, paid: 0, owes: 10, net: 15 },
    { userId: ben.id, paid: 0, owes: 10, net: -5 },
    { userId: mei.id, paid: 30, owes: 10, net: -10 },
  ],
  transfers: [
    { payerId: mei.id, payeeId: ada.id, amount: 10 },
    { payerId: ben.id, payeeId: ada.id, amount: 5 },
  ],
};

function seedWithGuest() {
  const seed = roomSeed({ members: [ada.id, ben.id, mei.id], balances }, [
    {
      id: 1,
      name: 'Dinner',
      amount: 30,
      owner: mei,
      shares: [
        [ada.id, 10],
        [ben.id, 10],
        [mei.id, 10],
      ],
      createdBy: ben.id,
    },
  ]);
  seed.people.push(mei);
  return seed;
}

describe('Money section: the guest mark', () => {
  it('marks a guest in who pays whom, and not an account', async () => {
    renderMoney({ seed: seedWithGuest() });
    await screen.findByRole('heading', { name: 'Who pays whom' });
    const [fromMei, fromBen] = screen.getAllByTestId('transfer');
    expect(fromMei).toHaveTextContent(/^mei, guestYou\$10\.00$/);
    expect(within(fromMei!).getByText('guest')).toBeInTheDocument();
    expect(fromBen).toHaveTextContent(/^ben_kYou\$5\.00$/);
    expect(within(fromBen!).queryByText('guest')).not.toBeInTheDocument();
  });

  it('marks a guest in a bill’s breakdown: who paid and their share', async () => {
    renderMoney({ seed: seedWithGuest() });
    await screen.findByRole('list', { name: 'Bills of this room' });
    await userEvent.click(screen.getByRole('button', { name: /^Dinner/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Dinner' });
    expect(
      within(dialog)
        .getAllByTestId('share')
        .map((s) => s.textContent),
    ).toEqual(['You$10.00', 'ben_k$10.00', 'mei, guest$10.00']);
    expect(dialog).toHaveTextContent('Paid bymei, guest');
    expect(dialog).toHaveTextContent('Added byben_k');
  });

  it('keeps the mark in view after a long name, which gives way', async () => {
    const long = { ...mei, username: 'mei_with_a_name_far_too_long_for_a_phone_screen' };
    const seed = seedWithGuest();
    seed.people = seed.people.map((p) => (p.id === mei.id ? long : p));
    renderMoney({ seed });
    await screen.findByRole('heading', { name: 'Who pays whom' });
    const [fromMei] = screen.getAllByTestId('transfer');
    const mark = within(fromMei!).getByText('guest');
    expect(mark).toHaveClass('shrink-0');
    const name = within(fromMei!).getByText(long.username);
    expect(name).toHaveClass('truncate');
    // The mark sits beside the truncating name, not inside it (where it would be cut off with the name).
    expect(name).not.toContainElement(mark);
    expect(name.parentElement).toContainElement(mark);
  });
});
