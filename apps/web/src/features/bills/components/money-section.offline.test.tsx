import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderMoney } from '@/test/money-section';
import { setTestLanguage } from '@/test/i18n';
import { formatAsOf } from './money-as-of';

// Issue 37 item 6: offline, the room's money is the cached one; it says as of when.

beforeEach(() => setTestLanguage('en', 'en-US'));

describe('Money section offline', () => {
  it('says the balances are as of when they were fetched, only while offline', async () => {
    const before = Date.now();
    renderMoney();
    await screen.findByLabelText('Your money in this room');
    expect(screen.queryByTestId('money-as-of')).not.toBeInTheDocument();

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    const line = await screen.findByTestId('money-as-of');
    expect(line).toHaveTextContent(/^You're offline: balances as of \d{1,2}:\d{2}\s?[AP]M$/);
    // The time is when the balances came, not when the connection went.
    const shown = line.textContent!.replace("You're offline: balances as of ", '');
    const candidates = [before, Date.now()].map((at) => formatAsOf(at));
    expect(candidates).toContain(shown);
    // Still what was shown: the figures stay.
    expect(screen.getByLabelText('Your money in this room')).toBeInTheDocument();
  });

  it('writes another day with its date', () => {
    const at = new Date(2026, 10, 28, 19, 5).getTime();
    expect(formatAsOf(at, new Date(2026, 11, 2, 9, 0))).toBe('Sat, Nov 28, 7:05 PM');
    expect(formatAsOf(at, new Date(2026, 10, 28, 21, 0))).toBe('7:05 PM');
  });
});
