import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { API_BASE } from '@/lib/api-client';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/server';
import { makeToken } from '@/test/tokens';
import { dayFromToday, seedRoom, serveRooms } from '../testing';
import { nameField, recordCreates, renderCreate, submit } from './create-room-page.testing';

// Issue 37 item 1 on the create and edit forms: "Date to be decided" and "Venue to be decided" hide their fields,
// keep what was typed in them, and send the flags instead (docs/api/README.md#date-and-venue-tbd).

type Sent = { room: Record<string, unknown> };
const dateBox = () => screen.getByRole('checkbox', { name: 'Date to be decided' });
/** The venue box, shown or hidden (a hidden one has no role for `getByRole` unless asked). */
const venueInput = () => screen.getByRole('combobox', { name: 'Venue', hidden: true });
const venueTbdBox = () => screen.getByRole('checkbox', { name: 'Venue to be decided' });

describe('create room: to be decided', { timeout: 30_000 }, () => {
  beforeEach(() => {
    serveRooms();
  });

  it('hides the date and time while ticked, brings back what was typed, and sends dateTbd without them', async () => {
    const bodies = recordCreates();
    await renderCreate();
    expect(dateBox()).not.toBeChecked();
    expect(dateBox()).toHaveAccessibleDescription(/vote on a date/);
    await userEvent.type(nameField(), 'Crab dinner');
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: dayFromToday(4) } });
    fireEvent.change(screen.getByLabelText('Time'), { target: { value: '20:15' } });

    await userEvent.click(dateBox());
    expect(screen.getByLabelText('Date')).not.toBeVisible();
    expect(screen.getByLabelText('Time')).not.toBeVisible();
    await userEvent.click(dateBox());
    expect(screen.getByLabelText('Date')).toBeVisible();
    expect(screen.getByLabelText('Date')).toHaveValue(dayFromToday(4));
    expect(screen.getByLabelText('Time')).toHaveValue('20:15');

    await userEvent.click(dateBox());
    await userEvent.click(venueTbdBox());
    expect(venueInput()).not.toBeVisible();
    await submit();
    await waitFor(() => expect(bodies).toHaveLength(1));
    const { room } = bodies[0] as Sent;
    expect(room).toMatchObject({ name: 'Crab dinner', dateTbd: true, venueTbd: true });
    for (const field of ['date', 'time', 'venue', 'venuePlaceId']) expect(room).not.toHaveProperty(field);
  });

  it('with the date to be decided, an empty date is no error; unticked, it is required again', async () => {
    const bodies = recordCreates();
    await renderCreate();
    await userEvent.type(nameField(), 'Crab dinner');
    await userEvent.click(venueTbdBox());
    await submit();
    expect(await screen.findByText('Date is required')).toBeInTheDocument();
    expect(bodies).toEqual([]);
    await userEvent.click(dateBox());
    await submit();
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect((bodies[0] as Sent).room).toMatchObject({ dateTbd: true, venueTbd: true });
  });
});

describe('edit room: to be decided', { timeout: 30_000 }, () => {
  const ID = '11111111-2222-4333-8444-555555555555';
  function recordEdits() {
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.patch(`${API_BASE}/rooms/:id/edit`, async ({ request }) => {
        bodies.push((await request.clone().json()) as Record<string, unknown>);
      }),
    );
    return bodies;
  }
  async function renderEdit() {
    renderApp({ pathname: `/room/${ID}/edit`, state: { from: `/room/${ID}` } }, { token: makeToken() });
    await screen.findByRole('button', { name: 'Save' });
  }

  it('opens a TBD room with both boxes ticked and empty fields (no placeholder), and keeps it TBD on save', async () => {
    serveRooms({
      rooms: [seedRoom({ dateTbd: true, venueTbd: true, venue: 'To be decided', time: '19:00' })],
    });
    const bodies = recordEdits();
    await renderEdit();
    expect(dateBox()).toBeChecked();
    expect(venueTbdBox()).toBeChecked();
    expect(screen.getByLabelText('Date')).toHaveValue('');
    expect(screen.getByLabelText('Time')).toHaveValue('');
    expect(venueInput()).toHaveValue('');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ dateTbd: true, venueTbd: true });
    expect(bodies[0]).not.toHaveProperty('date');
    expect(bodies[0]).not.toHaveProperty('venue');
  });

  it('fixing the date sends dateTbd false with it, and announces no "move" from the placeholder', async () => {
    serveRooms({ rooms: [seedRoom({ dateTbd: true, time: '19:00' })] });
    const bodies = recordEdits();
    await renderEdit();
    await userEvent.click(dateBox());
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: dayFromToday(6) } });
    fireEvent.change(screen.getByLabelText('Time'), { target: { value: '18:30' } });
    expect(screen.queryByText(/will be notified of the change/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({
      dateTbd: false,
      date: dayFromToday(6),
      time: '18:30',
    });
    // The venue was never to be decided: nothing is said of it, as before.
    expect(bodies[0]).not.toHaveProperty('venueTbd');
  });
});
