import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { REDIRECT_DELAY_MS } from '@/hooks/use-delayed-navigate';
import { API_BASE } from '@/lib/api-client';
import { fail } from '@/mocks/envelope';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/server';
import { makeToken } from '@/test/tokens';
import { mockRoom, mockRoomDate } from '@/mocks/rooms/handlers';
import { todayInputValue } from '@/entities/room/dates';
import { seedRoom, serveRooms } from '@/features/rooms/testing';

const ID = '11111111-2222-4333-8444-555555555555';
const EDIT = `${API_BASE}/rooms/:id/edit`;

function dayFromToday(days: number): string {
  const now = new Date();
  return todayInputValue(new Date(now.getFullYear(), now.getMonth(), now.getDate() + days));
}

function recordEdits() {
  const bodies: unknown[] = [];
  server.use(
    http.patch(EDIT, async ({ request }) => {
      bodies.push(await request.clone().json());
    }),
  );
  return bodies;
}

const venueBox = () => screen.getByRole('combobox', { name: 'Venue' });
const save = () => userEvent.click(screen.getByRole('button', { name: 'Save' }));

async function renderEdit(withState = true) {
  const entries = withState
    ? { pathname: `/room/${ID}/edit`, state: { from: `/room/${ID}` } }
    : `/room/${ID}/edit`;
  const view = renderApp(entries, { token: makeToken() });
  await screen.findByRole('button', { name: 'Save' });
  return view;
}

beforeEach(() => {
  serveRooms({ rooms: [seedRoom({ inDays: 5 })] });
});

describe('edit room', { timeout: 30_000 }, () => {
  it('starts from the room (loaded when there is no navigation state, e.g. after a reload)', async () => {
    await renderEdit(false);
    expect(venueBox()).toHaveValue('Hyde Park');
    expect(screen.getByText(/Selected: Hyde Park/)).toBeInTheDocument();
    expect(screen.getByLabelText('Date')).toHaveValue(mockRoomDate(5).slice(0, 10));
    expect(screen.getByLabelText('Time')).toHaveValue('12:30');
    expect(screen.getByLabelText(/Description/)).toHaveValue('Bring a blanket.');
  });

  it('uses the room from navigation state without waiting for the server', async () => {
    let asked = 0;
    server.use(
      http.get(`${API_BASE}/rooms/:id`, async () => {
        asked += 1;
        await new Promise(() => {}); // never answers
      }),
    );
    const room = mockRoom({ id: ID, name: 'From state', venue: 'Sky Garden', time: '08:15' });
    renderApp({ pathname: `/room/${ID}/edit`, state: { room, from: `/room/${ID}` } }, { token: makeToken() });
    expect(await screen.findByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(venueBox()).toHaveValue('Sky Garden');
    expect(screen.getByLabelText('Time')).toHaveValue('08:15');
    expect(asked).toBeLessThanOrEqual(1);
  });

  it("refuses a date before today: 'Date must be in the future'", async () => {
    const bodies = recordEdits();
    await renderEdit();
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: dayFromToday(-3) } });
    await save();
    expect(await screen.findByText('Date must be in the future')).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it("needs a venue picked from the search: typing clears the pick and saving toasts 'Please select a venue.'", async () => {
    const bodies = recordEdits();
    await renderEdit();
    await userEvent.type(venueBox(), ' Corner');
    await save();
    expect(await screen.findByText('Please select a venue.')).toBeInTheDocument();
    await userEvent.clear(venueBox());
    await save();
    expect(await screen.findByText('Venue is required')).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it('saves, toasts, and goes back to the room after 1000 ms', async () => {
    const bodies = recordEdits();
    const { router } = renderApp({ pathname: `/room/${ID}`, state: { from: '/' } }, { token: makeToken() });
    await userEvent.click(await screen.findByRole('link', { name: 'Edit room' }));
    await screen.findByRole('button', { name: 'Save' });

    await userEvent.clear(venueBox());
    await userEvent.type(venueBox(), 'Borough');
    await userEvent.click(await screen.findByRole('option', { name: /Borough Market/ }));
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: dayFromToday(7) } });
    fireEvent.change(screen.getByLabelText('Time'), { target: { value: '18:05' } });
    await userEvent.clear(screen.getByLabelText(/Description/));
    await save();

    expect(await screen.findByText('Room updated successfully!')).toBeInTheDocument();
    const toastShown = Date.now();
    expect(bodies).toEqual([
      {
        name: 'Picnic in the Park',
        imageUrl: '/imgs/gathering.png',
        pictureId: null,
        isPrivate: false,
        venue: 'Borough Market',
        placeId: 'mock:borough-market',
        date: dayFromToday(7),
        time: '18:05',
        timeZone: 'UTC',
        description: '',
        capacity: null,
      },
    ]);
    expect(router.state.location.pathname).toBe(`/room/${ID}/edit`);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/room/${ID}`), { timeout: 3000 });
    expect(Date.now() - toastShown).toBeGreaterThanOrEqual(REDIRECT_DELAY_MS - 100);
    expect(await screen.findByRole('link', { name: /Borough Market/ })).toBeInTheDocument();
    expect(screen.getByText('18:05')).toBeInTheDocument();
    // No description: no row (issue 37), never "N/A".
    expect(screen.queryByText('N/A')).not.toBeInTheDocument();
  });

  it("says 'Room not found.' when saving answers 404", async () => {
    server.use(http.patch(EDIT, () => fail(404, 'NOT_FOUND', 'Room not found.')));
    const { router } = await renderEdit();
    await save();
    expect(await screen.findByRole('alert')).toHaveTextContent('Room not found.');
    expect(router.state.location.pathname).toBe(`/room/${ID}/edit`);
  });

  it("says 'Room not found.' for an unknown room", async () => {
    serveRooms({ rooms: [] });
    renderApp(`/room/${ID}/edit`, { token: makeToken() });
    expect(await screen.findByText('Room not found.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('is for the host only: others see a message and a way back', async () => {
    serveRooms({ rooms: [seedRoom({ hostId: 11, members: [11, 7] })] });
    renderApp(`/room/${ID}/edit`, { token: makeToken() });
    expect(await screen.findByText('Only the host can edit this room.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the room' })).toHaveAttribute('href', `/room/${ID}`);
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});
