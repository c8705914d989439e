import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/server';
import { makeToken } from '@/test/tokens';
import { formatOption } from '@/features/plans/lib/plan-dates';
import { dayFromToday, serveRooms } from '@/features/rooms/testing';
import { planRoom, ROOM_ID, warmUpRoomPage } from '@/test/room-plans';

warmUpRoomPage();

const ME = 7;
const renderRoom = () => renderApp(`/room/${ROOM_ID}`, { token: makeToken() });
const option = (date: string, time: string) => formatOption({ date: `${date}T00:00:00.000Z`, time });

function record(match: (request: Request) => boolean) {
  const seen: { method: string; url: string; body: unknown }[] = [];
  server.events.on('request:start', async ({ request }) => {
    if (!match(request)) return;
    const text = await request.clone().text();
    seen.push({ method: request.method, url: request.url, body: text ? JSON.parse(text) : undefined });
  });
  return seen;
}

const inTwoWeeks = dayFromToday(14);
const inThreeWeeks = dayFromToday(21);
const seededPoll = (hostId = ME) =>
  planRoom({
    hostId,
    members: [hostId, ...(hostId === ME ? [11] : [ME])],
    poll: [
      { id: 1, date: inTwoWeeks, time: '19:30', votes: { 11: 'yes' } },
      { id: 2, date: inThreeWeeks, time: '18:00', votes: {} },
    ],
  });

describe('room page: pick a date together', { timeout: 30_000 }, () => {
  it('the host proposes dates: each row checked, then the poll starts', async () => {
    serveRooms({ rooms: [planRoom({ hostId: ME, members: [ME, 11] })] });
    const calls = record((r) => r.method === 'POST' && r.url.endsWith('/date-poll'));
    renderRoom();
    await userEvent.click(await screen.findByRole('button', { name: 'Propose dates' }));
    const dialog = screen.getByRole('dialog', { name: 'Pick a date together' });
    const second = within(dialog).getByRole('group', { name: 'Option 2' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start poll' }));
    expect(within(second).getByText('Pick a date')).toBeInTheDocument();
    expect(calls).toEqual([]);

    await userEvent.type(within(second).getByLabelText('Date'), dayFromToday(-3));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start poll' }));
    expect(within(second).getByText('Date must be in the future')).toBeInTheDocument();

    const first = within(dialog).getByRole('group', { name: 'Option 1' });
    await userEvent.clear(within(second).getByLabelText('Date'));
    await userEvent.type(
      within(second).getByLabelText('Date'),
      within(first).getByLabelText<HTMLInputElement>('Date').value,
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start poll' }));
    expect(within(second).getByText('This date and time is already proposed')).toBeInTheDocument();

    await userEvent.clear(within(second).getByLabelText('Date'));
    await userEvent.type(within(second).getByLabelText('Date'), inTwoWeeks);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add a date' }));
    const third = within(dialog).getByRole('group', { name: 'Option 3' });
    await userEvent.type(within(third).getByLabelText('Date'), inThreeWeeks);
    await userEvent.clear(within(third).getByLabelText('Time'));
    await userEvent.type(within(third).getByLabelText('Time'), '18:00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start poll' }));

    const dates = await screen.findByRole('list', { name: 'Proposed dates' });
    expect(within(dates).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText('Poll started: your guests can vote now')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect((calls[0]!.body as { options: unknown[] }).options).toEqual([
      expect.objectContaining({ time: '12:30' }),
      { date: inTwoWeeks, time: '12:30' },
      { date: inThreeWeeks, time: '18:00' },
    ]);
    server.events.removeAllListeners();
  });

  it('a member votes yes / maybe / no on each date and sees the counts move', async () => {
    serveRooms({ rooms: [seededPoll(11)] });
    const votes = record((r) => r.method === 'PUT');
    renderRoom();
    const first = option(inTwoWeeks, '19:30');
    const group = await screen.findByRole('group', { name: `Your vote for ${first}` });
    const card = group.closest('li')!;
    expect(card).toHaveTextContent('1 yes · 0 maybe · 0 no');
    expect(card).toHaveTextContent('Most votes');
    await userEvent.click(within(group).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(card).toHaveTextContent('2 yes · 0 maybe · 0 no'));
    expect(within(group).getByRole('button', { name: 'Yes' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(within(group).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(card).toHaveTextContent('1 yes · 0 maybe · 1 no'));
    expect(votes.map((v) => v.body)).toEqual([{ vote: 'yes' }, { vote: 'no' }]);
    expect(votes[0]!.url).toMatch(/\/date-poll\/1$/);
    // Only the host fixes or cancels.
    expect(screen.queryByRole('button', { name: /^Fix / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel poll' })).not.toBeInTheDocument();
    server.events.removeAllListeners();
  });

  it('names who answered what under each date (issue 37), "you" for me, as the votes change', async () => {
    serveRooms({ rooms: [seededPoll(11)] });
    renderRoom();
    const first = option(inTwoWeeks, '19:30');
    const group = await screen.findByRole('group', { name: `Your vote for ${first}` });
    const card = group.closest('li')!;
    const voters = await within(card).findByRole('group', { name: 'Who answered' });
    const host = await within(voters).findByTestId('voters-yes');
    await waitFor(() => expect(host).not.toHaveTextContent('someone'));
    const hostName = host.textContent!.replace(/^Yes/, '');
    expect(hostName).toMatch(/^\S+$/);
    expect(within(card).queryByTestId('voters-maybe')).not.toBeInTheDocument();
    // The second date has no votes: no voters list.
    const second = screen.getByRole('group', { name: `Your vote for ${option(inThreeWeeks, '18:00')}` });
    // The dates' list holds the dates only: the voter lines are no items of it.
    expect(
      within(screen.getByRole('list', { name: 'Proposed dates' })).getAllByRole('listitem'),
    ).toHaveLength(2);
    expect(
      within(second.closest('li')!).queryByRole('group', { name: 'Who answered' }),
    ).not.toBeInTheDocument();

    await userEvent.click(within(group).getByRole('button', { name: 'Maybe' }));
    await waitFor(() => expect(within(card).getByTestId('voters-maybe')).toHaveTextContent(/^Maybeyou$/));
    await userEvent.click(within(group).getByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(within(card).getByTestId('voters-yes')).toHaveTextContent(`Yes${hostName}, you`),
    );
    expect(within(card).queryByTestId('voters-maybe')).not.toBeInTheDocument();
  });

  it('the host cancels the poll after confirming', async () => {
    serveRooms({ rooms: [seededPoll()] });
    const deletes = record((r) => r.method === 'DELETE');
    renderRoom();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel poll' }));
    await userEvent.click(
      within(screen.getByRole('alertdialog', { name: 'Cancel the poll?' })).getByRole('button', {
        name: 'Cancel poll',
      }),
    );
    expect(await screen.findByRole('button', { name: 'Propose dates' })).toBeInTheDocument();
    expect(deletes).toHaveLength(1);
    server.events.removeAllListeners();
  });

  it('a member sees nothing of polls while there is none', async () => {
    serveRooms({ rooms: [planRoom({ hostId: 11, members: [11, ME] })] });
    renderRoom();
    await screen.findByRole('group', { name: /Your answer/ });
    await screen.findByRole('tablist');
    expect(screen.queryByRole('region', { name: 'Pick a date together' })).not.toBeInTheDocument();
  });
});
