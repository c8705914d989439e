import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { API_BASE } from '@/lib/api-client';
import { server } from '@/test/server';
import { rememberedCurrency } from '../lib/last-currency';
import { seedRoom, serveRooms } from '../testing';
import { fillValidForm, recordCreates, renderCreate, submit } from './create-room-page.testing';

// Issue 33: a new room's currency is the one the host used last, else the time zone's country's, else the
// locale's (en-US in jsdom).

/** The browser says it is in `timeZone`. */
function inTimeZone(timeZone: string) {
  const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
    this: Intl.DateTimeFormat,
  ) {
    return { ...resolved.call(this), timeZone };
  });
}

const current = () => screen.getByTestId('currency-current');

describe('create room: the currency it starts with', { timeout: 30_000 }, () => {
  it('is the time zone’s country’s on an English (US) phone in Singapore, and is sent', async () => {
    inTimeZone('Asia/Singapore');
    serveRooms({ rooms: [] });
    const bodies = recordCreates();
    await renderCreate();
    expect(current()).toHaveTextContent('Singapore Dollar (SGD)');
    await fillValidForm();
    await submit();
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ room: { currency: 'SGD', timeZone: 'Asia/Singapore' } });
    // Remembered for the next room.
    expect(rememberedCurrency(7)?.currency).toBe('SGD');
  });

  it('is the one of the newest room the host has, over the time zone', async () => {
    inTimeZone('Europe/Berlin');
    serveRooms({
      rooms: [
        seedRoom({ id: '11111111-2222-4333-8444-000000000001', currency: 'JPY', updatedMinutesAgo: 5 }),
        seedRoom({ id: '11111111-2222-4333-8444-000000000002', currency: 'THB', updatedMinutesAgo: 500 }),
        seedRoom({ id: '11111111-2222-4333-8444-000000000003', currency: 'INR', hostId: 11 }),
      ],
    });
    await renderCreate();
    await waitFor(() => expect(current()).toHaveTextContent('Japanese Yen (JPY)'));
  });

  it('follows the rooms list when it answers later, but never over the host’s own choice', async () => {
    inTimeZone('Europe/Berlin');
    serveRooms({ rooms: [seedRoom({ currency: 'JPY' })] });
    let answer = () => {};
    const gate = new Promise<void>((resolve) => (answer = resolve));
    let answered = 0;
    // Held until released, then on to the rooms mock.
    server.use(
      http.get(`${API_BASE}/rooms`, async () => {
        await gate;
        answered += 1;
        return undefined;
      }),
    );
    await renderCreate();
    expect(current()).toHaveTextContent('Euro (EUR)');
    await userEvent.click(screen.getByRole('button', { name: 'Change' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search currencies' }), 'SGD');
    await userEvent.click(screen.getByRole('radio', { name: /Singapore Dollar/ }));
    answer();
    await waitFor(() => expect(answered).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 300)); // the list's answer rendered
    expect(current()).toHaveTextContent('Singapore Dollar (SGD)');
  });

  it('is the locale’s where the time zone has no country', async () => {
    inTimeZone('UTC');
    serveRooms({ rooms: [] });
    await renderCreate();
    expect(current()).toHaveTextContent('US Dollar (USD)');
  });
});
