// The Spending view against the real server (src/test/real-server.ts): the figures are GET /rooms/{id}/stats as the
// server sums two bills with categories, shown and written out in the tables. The msw side (spending-page.test.tsx)
// keeps the loading, empty and error states, the guest mark and Chinese.
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { realServer } from '@/test/real-server';
import { setTestLanguage } from '@/test/i18n';

const server = realServer();

// Money the en-US way ($42.00).
beforeEach(() => setTestLanguage('en', 'en-US'));

const rowsOf = (caption: string) =>
  within(screen.getByRole('table', { name: caption }))
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent ?? ''));

describe('Spending view, against the real server', () => {
  it('shows the room’s bills summed by category, by person and by day', async () => {
    const ann = await server.user({ username: 'ann' });
    const ben = await server.user({ username: 'ben' });
    const { room } = await server.room(ann, { name: 'Beach day', currency: 'USD' });
    await server.api(ben).patch(`/rooms/${room.id}/join`);
    const both = [ann.id, ben.id];
    await server.api(ann).post('/bills', {
      name: 'Dinner',
      roomId: room.id,
      amount: 30,
      category: 'food',
      split: { mode: 'equal', userIds: both },
    });
    await server.api(ben).post('/bills', {
      name: 'Taxi',
      roomId: room.id,
      amount: 12,
      category: 'transport',
      split: { mode: 'equal', userIds: both },
    });

    server.render(`/room/${room.id}/spending`, ann);
    expect(await screen.findByRole('region', { name: 'Total spent' }, { timeout: 10_000 })).toHaveTextContent(
      '$42.00',
    );
    expect(rowsOf('Spending by category')).toEqual([
      ['Category', 'Amount', 'Of the total'],
      ['Food', '$30.00', '71%'],
      ['Transport', '$12.00', '29%'],
    ]);
    const people = rowsOf('What each person paid and their share');
    expect(people[0]).toEqual(['Person', 'Paid', 'Share']);
    expect(people.slice(1).sort()).toEqual([
      ['ann (you)', '$30.00', '$21.00'],
      ['ben', '$12.00', '$21.00'],
    ]);
    // Both bills are of today in the room's time zone: one day.
    const days = rowsOf('Spending by day');
    expect(days).toHaveLength(2);
    expect(days[1]![1]).toBe('$42.00');
  });
});
