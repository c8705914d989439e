// Fixing a polled date against the real server (src/test/real-server.ts): the server sets the room's day and time
// to the option and ends the poll (docs/api/README.md#plans). The msw side (room-page-poll.test.tsx) keeps proposing,
// voting and cancelling.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { datePollResponse } from '@outing/contract';
import { describe, expect, it } from 'vitest';
import { formatOption } from '@/features/plans/lib/plan-dates';
import { formatRoomDate, todayInputValue } from '@/entities/room/dates';
import { realServer } from '@/test/real-server';
import { warmUpRoomPage } from '@/test/room-plans';

warmUpRoomPage();
const server = realServer();

/** `YYYY-MM-DD`, `days` from today. */
function dayFromToday(days: number): string {
  const now = new Date();
  return todayInputValue(new Date(now.getFullYear(), now.getMonth(), now.getDate() + days));
}

const option = (date: string, time: string) => formatOption({ date: `${date}T00:00:00.000Z`, time });
const inTwoWeeks = dayFromToday(14);
const inThreeWeeks = dayFromToday(21);

describe('room page: pick a date together, against the real server', () => {
  it('the host fixes a date after confirming: the room takes it and the poll ends', async () => {
    const [host, ben] = await server.users(2);
    const { room } = await server.room(host, { name: 'Picnic in the Park' });
    await server.api(ben).patch(`/rooms/${room.id}/join`);
    const poll = await server.api(host).post(
      `/rooms/${room.id}/date-poll`,
      {
        options: [
          { date: inTwoWeeks, time: '19:30' },
          { date: inThreeWeeks, time: '18:00' },
        ],
      },
      datePollResponse,
    );
    await server.api(ben).put(`/rooms/${room.id}/date-poll/${poll!.options[0]!.id}`, { vote: 'yes' });

    server.render(`/room/${room.id}`, host);
    const second = option(inThreeWeeks, '18:00');
    await userEvent.click(await screen.findByRole('button', { name: `Fix ${second} as the date` }));
    const confirm = screen.getByRole('alertdialog', { name: `Set the date to ${second}?` });
    expect(confirm).toHaveTextContent('Everyone will be notified');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Fix date' }));
    expect(await screen.findByText(`The date is set: ${second}`)).toBeInTheDocument();
    const details = screen.getByRole('region', { name: 'Details' });
    await waitFor(() => expect(details).toHaveTextContent(formatRoomDate(`${inThreeWeeks}T00:00:00.000Z`)));
    expect(details).toHaveTextContent('18:00');
    expect(await screen.findByRole('button', { name: 'Propose dates' })).toBeInTheDocument();
  });
});
