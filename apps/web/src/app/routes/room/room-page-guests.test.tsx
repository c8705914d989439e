import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { API_BASE } from '@/lib/api-client';
import { fail } from '@/mocks/envelope';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/server';
import { makeToken } from '@/test/tokens';
import { serveRooms } from '@/features/rooms/testing';
import { pendingInvite, planRoom, ROOM_ID, warmUpRoomPage } from '@/test/room-plans';

warmUpRoomPage();

const ME = 7;

/** ada (7) hosts: ben going, chloe maybe, dev waitlisted, emma can't; felix and tom invited, zara declined. */
function serveParty() {
  serveRooms({
    rooms: [
      planRoom({
        hostId: ME,
        members: [ME, 11, 12, 13, 14],
        capacity: 2,
        rsvps: { 12: 'maybe', 13: 'waitlisted', 14: 'declined' },
      }),
    ],
    invites: [pendingInvite(15), pendingInvite(42), { ...pendingInvite(43), status: 'declined' }],
  });
}

async function openTab(name: RegExp) {
  const tab = await screen.findByRole('tab', { name });
  await userEvent.click(tab);
  return screen.getByRole('tabpanel');
}

const renderRoom = () => renderApp(`/room/${ROOM_ID}`, { token: makeToken() });

describe('room page: guests', { timeout: 30_000 }, () => {
  it('counts each answer and lists each one with avatars and names', async () => {
    serveParty();
    renderRoom();
    const tabs = await screen.findByRole('tablist', { name: 'Guests by answer' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.getAttribute('aria-label')),
    ).toEqual(['Going (2)', 'Maybe (1)', 'Waitlist (1)', 'Invited (2)', "Can't (2)"]);
    const going = screen.getByRole('list', { name: 'Attendees going' });
    expect(
      within(going)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringMatching(/^A?ada \(you\)Host$/), expect.stringMatching(/ben_k$/)]);
    expect(within(await openTab(/^Maybe/)).getByRole('list', { name: 'Maybe coming' })).toHaveTextContent(
      'chloe.m',
    );
    expect(within(await openTab(/^Waitlist/)).getByRole('list')).toHaveTextContent('dev_patel');
    const cant = within(await openTab(/^Can't/)).getByRole('list', { name: "Can't come" });
    expect(
      within(cant)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('emma.w'), expect.stringContaining('zara')]);
  });

  it('arrow keys move between the tabs', async () => {
    serveParty();
    renderRoom();
    const going = await screen.findByRole('tab', { name: 'Going (2)' });
    going.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Maybe (1)' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Maybe (1)' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('tab', { name: "Can't (2)" })).toHaveFocus();
  });

  it('a rate-limited nudge (429) says so and when it becomes possible again', async () => {
    serveParty();
    server.use(
      http.post(`${API_BASE}/rooms/:id/nudge`, () =>
        fail(429, 'RATE_LIMITED', 'They were nudged less than a day ago.', undefined, {
          headers: { 'Retry-After': '3600' },
        }),
      ),
    );
    renderRoom();
    const panel = await openTab(/^Invited/);
    await userEvent.click(within(panel).getByRole('button', { name: 'Nudge all' }));
    expect(
      await screen.findByText(/^They were nudged less than a day ago\. You can nudge again .+\.$/),
    ).toBeInTheDocument();
  });

  it('only the host sees the nudges', async () => {
    serveRooms({
      rooms: [planRoom({ hostId: 11, members: [11, ME] })],
      invites: [{ ...pendingInvite(15), inviterId: 11 }],
    });
    renderRoom();
    const panel = await openTab(/^Invited/);
    expect(within(panel).getByRole('list')).toHaveTextContent('felix');
    expect(within(panel).queryByRole('button', { name: /Nudge/ })).not.toBeInTheDocument();
  });

  it('no nudges once the outing has started (the server refuses them with 409)', async () => {
    serveRooms({
      rooms: [planRoom({ hostId: ME, members: [ME, 11], inDays: -1 })],
      invites: [pendingInvite(15)],
    });
    renderRoom();
    const panel = await openTab(/^Invited/);
    expect(within(panel).getByRole('list')).toHaveTextContent('felix');
    expect(within(panel).queryByRole('button', { name: /Nudge/ })).not.toBeInTheDocument();
  });

  it('falls back to the members when the guests cannot be read', async () => {
    serveRooms({ rooms: [planRoom()] });
    server.use(http.get(`${API_BASE}/rooms/:id/guests`, () => fail(404, 'NOT_FOUND', 'Not found.')));
    renderRoom();
    expect(await screen.findByRole('list', { name: /Attendees/ })).toHaveTextContent('ben_k');
  });
});
