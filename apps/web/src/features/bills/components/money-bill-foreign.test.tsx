import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ada, ben, chloe, roomSeed } from '@/test/bill-screens';
import { dinnerAndTaxi, renderMoney } from '@/test/money-section';
import { setTestLanguage } from '@/test/i18n';

// Issue 36 (docs/api/README.md "Real bills"): a bill in another currency answers `amount`, its shares and payers in
// the room's (`roomCurrency`) and shows its original; a bill with several payers lists them in its breakdown.

beforeEach(() => setTestLanguage('en', 'en-US'));

function seedWith(room: { currency?: string }, fields: object) {
  const seed = roomSeed(room, dinnerAndTaxi);
  seed.bills = seed.bills.map((b) => (b.name === 'Dinner' ? { ...b, ...fields } : b));
  return seed;
}

// ¥12,345 at 0.0091 = S$112.34 (112.3395 rounded), split 37.45 / 37.45 / 37.44.
const ramen = {
  name: 'Ramen',
  amount: 112.34,
  currency: 'JPY',
  roomCurrency: 'SGD',
  originalAmount: 12345,
  rate: '0.0091',
  shares: [
    { userId: ada.id, amount: 37.45 },
    { userId: ben.id, amount: 37.45 },
    { userId: chloe.id, amount: 37.44 },
  ],
};

/** Text with the formatter's no-break spaces as plain ones. */
const text = (el: Element) => (el.textContent ?? '').replace(/\s/g, ' ');

function billRow(name: string) {
  return screen.getAllByTestId('money-bill').find((row) => row.textContent?.includes(name))!;
}

describe('a bill in another currency', () => {
  it('the list shows the amount in the room’s currency and the original with its rate', async () => {
    const seed = seedWith({ currency: 'SGD' }, ramen);
    renderMoney({ seed });
    await screen.findByText('Ramen');
    const row = billRow('Ramen');
    expect(row).toHaveTextContent('SGD 112.34');
    expect(row).toHaveTextContent('¥12,345 · rate 0.0091');
    expect(row).not.toHaveTextContent('¥112');
    // A bill in the room's currency shows no original.
    expect(billRow('Taxi')).not.toHaveTextContent('rate');
  });

  it('the dialog shows the original, and the shares in the room’s currency', async () => {
    renderMoney({ seed: seedWith({ currency: 'SGD' }, ramen), search: '?bill=1' });
    const dialog = await screen.findByRole('dialog', { name: 'Ramen' });
    expect(dialog).toHaveTextContent('In its own currency¥12,345 · rate 0.0091');
    const shares = within(dialog).getAllByTestId('share');
    expect(shares.map(text)).toEqual([
      expect.stringMatching(/^You.*SGD 37\.45$/),
      expect.stringMatching(/^ben_k.*SGD 37\.45$/),
      expect.stringMatching(/SGD 37\.44$/),
    ]);
  });

  it('given by what it came to (no rate): the original amount alone', async () => {
    renderMoney({ seed: seedWith({ currency: 'SGD' }, { ...ramen, rate: null }), search: '?bill=1' });
    const dialog = await screen.findByRole('dialog', { name: 'Ramen' });
    expect(dialog).toHaveTextContent('In its own currency¥12,345');
    expect(dialog).not.toHaveTextContent('rate');
  });

  it('a bill from an older server (no roomCurrency) is in the room’s currency, without an original', async () => {
    renderMoney({
      seed: seedWith({ currency: 'SGD' }, { originalAmount: 30, rate: null }),
      search: '?bill=1',
    });
    const dialog = await screen.findByRole('dialog', { name: 'Dinner' });
    expect(dialog).not.toHaveTextContent('In its own currency');
    expect(within(dialog).getAllByTestId('share')[0]).toHaveTextContent('SGD 10.00');
  });
});

describe('a bill with several payers', () => {
  const twoPayers = (ownerId: number, otherId: number) => ({
    amount: 165.35,
    ownerId,
    paidBy: [
      { userId: ownerId, amount: 100 },
      { userId: otherId, amount: 65.35 },
    ],
    shares: [
      { userId: ada.id, amount: 55.12 },
      { userId: ben.id, amount: 55.12 },
      { userId: chloe.id, amount: 55.11 },
    ],
  });

  it('the dialog lists every payer with what they paid; the list names them all', async () => {
    const seed = roomSeed({ currency: 'SGD' }, dinnerAndTaxi);
    seed.bills = seed.bills.map((b) => (b.name === 'Dinner' ? { ...b, ...twoPayers(ben.id, ada.id) } : b));
    renderMoney({ seed });
    await screen.findByText('Dinner');
    expect(text(billRow('Dinner'))).toContain('Paid by ben_k, you · ');
  });

  it('the breakdown: Paid by ben SGD 100.00, you SGD 65.35', async () => {
    const seed = roomSeed({ currency: 'SGD' }, dinnerAndTaxi);
    seed.bills = seed.bills.map((b) => (b.name === 'Dinner' ? { ...b, ...twoPayers(ben.id, ada.id) } : b));
    renderMoney({ seed, search: '?bill=1' });
    const dialog = await screen.findByRole('dialog', { name: 'Dinner' });
    const payers = within(dialog)
      .getAllByRole('listitem')
      .filter((li) => li.closest('[data-testid="bill-payers"]'));
    expect(payers.map(text)).toEqual(['ben_kSGD 100.00', 'YouSGD 65.35']);
  });

  it('one payer: the name alone, as before', async () => {
    renderMoney({ seed: roomSeed({ currency: 'SGD' }, dinnerAndTaxi), search: '?bill=1' });
    const dialog = await screen.findByRole('dialog', { name: 'Dinner' });
    expect(within(dialog).queryByTestId('bill-payers')).not.toBeInTheDocument();
  });
});
