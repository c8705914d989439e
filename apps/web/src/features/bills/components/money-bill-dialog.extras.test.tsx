import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { roomSeed } from '@/test/bill-screens';
import { dinnerAndTaxi, renderMoney } from '@/test/money-section';
import { setTestLanguage } from '@/test/i18n';

// Issue 36: a bill's breakdown shows its category, its note and its receipt, which opens full-screen.

beforeEach(() => setTestLanguage('en', 'en-US'));

const RECEIPT_URL = '/v1/pictures/0b9d1e6a-8a55-4c8e-9d53-3f4b2f6f2a11.webp';

function seedWith(fields: object) {
  const seed = roomSeed({}, dinnerAndTaxi);
  seed.bills = seed.bills.map((b) => (b.name === 'Dinner' ? { ...b, ...fields } : b));
  return seed;
}

describe('bill dialog: category, note and receipt', () => {
  it('shows the category with its icon, the note on its lines and the receipt’s thumbnail', async () => {
    renderMoney({
      seed: seedWith({
        category: 'food',
        note: 'Ben has the receipt\nTip included',
        receiptPictureId: '0b9d1e6a-8a55-4c8e-9d53-3f4b2f6f2a11',
        receiptPictureUrl: RECEIPT_URL,
      }),
      search: '?bill=1',
    });
    const dialog = await screen.findByRole('dialog', { name: 'Dinner' });
    expect(dialog).toHaveTextContent('CategoryFood');
    const note = within(dialog).getByRole('region', { name: 'Note' });
    expect(note).toHaveTextContent('Ben has the receipt Tip included');
    expect(within(note).getByText(/Ben has the receipt/).textContent).toBe(
      'Ben has the receipt\nTip included',
    );
    const open = within(dialog).getByRole('button', { name: 'Open the receipt' });
    expect(open.querySelector('img')).toHaveAttribute('src', `${RECEIPT_URL}?w=160`);
  });

  it('opens the receipt full-screen; Esc closes it only, and focus goes back to the thumbnail', async () => {
    renderMoney({
      seed: seedWith({
        receiptPictureId: '0b9d1e6a-8a55-4c8e-9d53-3f4b2f6f2a11',
        receiptPictureUrl: RECEIPT_URL,
      }),
      search: '?bill=1',
    });
    const dialog = await screen.findByRole('dialog', { name: 'Dinner' });
    const open = within(dialog).getByRole('button', { name: 'Open the receipt' });
    await userEvent.click(open);
    const full = await screen.findByRole('dialog', { name: 'Receipt of Dinner' });
    expect(within(full).getByRole('img', { name: 'Receipt of Dinner' })).toHaveAttribute('src', RECEIPT_URL);
    expect(within(full).getByRole('button', { name: 'Close' })).toHaveFocus();
    await userEvent.tab();
    expect(within(full).getByRole('button', { name: 'Close' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Receipt of Dinner' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('dialog', { name: 'Dinner' })).toBeInTheDocument();
    expect(open).toHaveFocus();
    await userEvent.click(open);
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Receipt of Dinner' })).getByRole('button', {
        name: 'Close',
      }),
    );
    expect(screen.queryByRole('dialog', { name: 'Receipt of Dinner' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Dinner' })).toBeInTheDocument();
  });

  it('shows none of them for a bill without them', async () => {
    renderMoney({ seed: seedWith({}), search: '?bill=1' });
    const dialog = await screen.findByRole('dialog', { name: 'Dinner' });
    expect(dialog).not.toHaveTextContent('Category');
    expect(within(dialog).queryByRole('region', { name: 'Note' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Open the receipt' })).not.toBeInTheDocument();
  });
});
