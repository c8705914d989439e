import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import type { Bill } from '@outing/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { API_BASE } from '@/lib/api-client';
import { ok } from '@/mocks/envelope';
import { server } from '@/test/server';
import { ROOM_ID, ada, ben, roomSeed, serveBills } from '@/test/bill-screens';
import { setTestLanguage } from '@/test/i18n';
import {
  amountField,
  billOf,
  capture,
  half,
  navState,
  renderForm,
  review,
  type,
} from './create-bill-page.testing';

// Editing a bill entered in another currency (issue 36, docs/api/README.md "Real bills"): it opens in its own
// currency with its rate; taken back to the room's currency, the PATCH says so (`currency` = the room's), so the
// server stops reading the amounts in yen; left in yen, the rate goes back as it was.

beforeEach(() => setTestLanguage('en', 'en-US'));
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

const PATH = `/room/${ROOM_ID}/bill/61/edit`;
const ramen: Bill = {
  ...billOf({
    name: 'Ramen',
    amount: 112.34,
    split: { mode: 'equal', userIds: [ada.id, ben.id] },
    shares: half(56.17, 56.17),
  }),
  currency: 'JPY',
  roomCurrency: 'SGD',
  originalAmount: 12345,
  rate: '0.0091',
};

beforeEach(() => {
  serveBills(roomSeed({ currency: 'SGD' }));
  server.use(http.get(`${API_BASE}/bills`, () => ok([ramen])));
});

describe('editing a bill in another currency', () => {
  it('opens in yen with its rate, and sends currency + rate back when left in yen', async () => {
    const bodies = capture('patch', () => ok(ramen));
    await renderForm(PATH, navState);
    expect(amountField()).toHaveValue('12,345');
    expect(screen.getByRole('button', { name: 'Currency: JPY. Change' })).toBeInTheDocument();
    await type(amountField(), '12000');
    await review();
    // 12,000 × 0.0091 = 109.20, in the room's currency.
    expect(screen.getByTestId('review-conversion').textContent?.replace(/\s/g, ' ')).toBe(
      '¥12,000 at 0.0091 = SGD 109.20',
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ amount: 12000, currency: 'JPY', rate: '0.0091' });
  });

  it('taken back to the room’s currency, sends currency SGD and no rate', async () => {
    const bodies = capture('patch', () => ok(ramen));
    await renderForm(PATH, navState);
    await userEvent.click(screen.getByRole('button', { name: 'Currency: JPY. Change' }));
    const sheet = screen.getByRole('region', { name: 'The bill’s currency' });
    await userEvent.click(within(sheet).getByRole('button', { name: 'Change' }));
    await userEvent.type(within(sheet).getByLabelText('Search currencies'), 'SGD');
    await userEvent.click(within(sheet).getByRole('radio', { name: /SGD/ }));
    expect(screen.getByRole('button', { name: 'Currency: SGD. Change' })).toBeInTheDocument();
    expect(screen.queryByTestId('converted-amount')).not.toBeInTheDocument();
    await type(amountField(), '112.34');
    await review();
    await userEvent.click(await screen.findByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ amount: 112.34, currency: 'SGD' });
    expect(bodies[0]).not.toHaveProperty('rate');
    expect(bodies[0]).not.toHaveProperty('convertedAmount');
  });
});
