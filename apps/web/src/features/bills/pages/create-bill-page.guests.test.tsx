import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ada, ben, roomSeed } from '@/test/bill-screens';
import {
  amountField,
  liveShares,
  mode,
  navState,
  personField,
  renderForm,
  setUpBillFormTests,
  type,
} from './create-bill-page.testing';

// The "guest" mark (issue 35, docs/guests.md) in the bill form: the people of the split, the per-person fields, the
// live shares and the payer picker. The room's attendees mark a guest `isGuest: true`; accounts carry no mark.

/** A guest of the room: in it from its guest link, without an account. */
const mei = { id: 14, username: 'mei', email: '', pictureUrl: '', isGuest: true as const };

setUpBillFormTests({
  seed: () => {
    const seed = roomSeed({ members: [ada.id, ben.id, mei.id] });
    seed.people.push(mei);
    return seed;
  },
});

const withGuest = { ...navState, attendees: [ada, ben, mei] };
/** The guest's name as read: the mark's hidden ", " joins it (jsdom leaves out its space). */
const MEI = /^mei, ?guest$/;

describe('create bill: the guest mark', () => {
  it('marks a guest in the people of an equal split, and no account', async () => {
    await renderForm(undefined, withGuest);
    const people = within(screen.getByRole('group', { name: 'Split between' }));
    expect(people.getByRole('checkbox', { name: MEI })).toBeChecked();
    expect(people.getByRole('checkbox', { name: 'ben_k' })).toBeChecked();
    expect(people.getByRole('checkbox', { name: 'ada (you)' })).toBeChecked();
    expect(people.getAllByText('guest')).toHaveLength(1);
  });

  it('marks a guest in the payer picker, as text', async () => {
    await renderForm(undefined, withGuest);
    expect(
      within(screen.getByLabelText('Paid by'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['ada (you)', 'ben_k', 'mei (guest)']);
  });

  it('marks a guest in the live shares and the per-person fields', async () => {
    await renderForm(undefined, withGuest);
    await type(amountField(), '30');
    expect(liveShares()).toEqual(['ada (you)$10.00', 'ben_k$10.00', 'mei, guest$10.00']);
    await mode('Exact');
    expect(personField('mei')).toHaveAccessibleName(MEI);
    expect(personField('ben_k')).toHaveAccessibleName('ben_k');
  });

  it('marks a guest in the picker of an item’s people', async () => {
    await renderForm(undefined, withGuest);
    await mode('Items');
    const item = screen.getAllByRole('listitem').find((li) => within(li).queryByLabelText(/^Item 1$/))!;
    expect(within(item).getByRole('checkbox', { name: MEI })).not.toBeChecked();
    expect(within(item).getByRole('checkbox', { name: 'ben_k' })).toBeInTheDocument();
    expect(within(item).getAllByText('guest')).toHaveLength(1);
  });
});
