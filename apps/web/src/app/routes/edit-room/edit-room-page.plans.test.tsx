import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { API_BASE } from '@/lib/api-client';
import { fail } from '@/mocks/envelope';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/server';
import { makeToken } from '@/test/tokens';
import { mockRoomDate } from '@/mocks/rooms/handlers';
import { dayFromToday, seedRoom, serveRooms } from '@/features/rooms/testing';
import { choosePhoto, pngFile } from '@/features/rooms/pages/room-form.testing';

// Issue #20 on the edit form: everything editable, prefilled from the room, sent whole; a move is announced.

const ID = '11111111-2222-4333-8444-555555555555';
const PICTURE = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';
const EDIT = `${API_BASE}/rooms/:id/edit`;

// The catalogue's English (locales/en/rooms.json).
const MOVE_NOTICE = 'Everyone in the room and everyone invited will be notified of the change.';
const CAPACITY_INVALID = 'Capacity must be a whole number from 1 to 10,000';

function recordEdits() {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.patch(EDIT, async ({ request }) => {
      bodies.push((await request.clone().json()) as Record<string, unknown>);
    }),
  );
  return bodies;
}

const save = () => userEvent.click(screen.getByRole('button', { name: 'Save' }));
const capacity = () => screen.getByLabelText('Capacity (optional)');
const nameField = () => screen.getByLabelText('Room name');

/** Opened from the room (Back returns there), or straight from its URL (saving then opens the room). */
async function renderEdit(fromRoom = true) {
  const view = renderApp(
    fromRoom ? { pathname: `/room/${ID}/edit`, state: { from: `/room/${ID}` } } : `/room/${ID}/edit`,
    { token: makeToken() },
  );
  await screen.findByRole('button', { name: 'Save' });
  return view;
}

beforeEach(() => {
  serveRooms({
    rooms: [
      seedRoom({
        inDays: 5,
        isPrivate: true,
        capacity: 20,
        timeZone: 'Asia/Singapore',
        pictureId: PICTURE,
      }),
    ],
  });
});

describe('edit room: lowering the capacity below the number going', { timeout: 30_000 }, () => {
  it('says under the field that nobody is removed and new answers wait', async () => {
    serveRooms({ rooms: [seedRoom({ inDays: 5, capacity: 20, members: [7, 11, 12, 13, 14] })] });
    await renderEdit();
    const over = '5 people are going; nobody is removed, and new answers wait until fewer than 4 are going.';
    expect(screen.queryByText(over)).not.toBeInTheDocument();
    await userEvent.clear(capacity());
    await userEvent.type(capacity(), '4');
    expect(capacity()).toHaveAccessibleDescription(over);
    // At or above the number going, the usual hint.
    await userEvent.clear(capacity());
    await userEvent.type(capacity(), '5');
    expect(screen.queryByText(over)).not.toBeInTheDocument();
    expect(capacity()).toHaveAccessibleDescription(
      'When it’s full, new people join a waitlist. Leave it empty for no limit.',
    );
  });
});

describe('edit room: everything', { timeout: 30_000 }, () => {
  it('starts from the room: name, privacy, own photo, capacity, and the zone its times are in', async () => {
    await renderEdit();
    expect(nameField()).toHaveValue('Picnic in the Park');
    expect(screen.getByRole('radio', { name: 'Private' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Your photo' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Remove photo' })).toBeInTheDocument();
    expect(capacity()).toHaveValue('20');
    expect(screen.getByText('Times are in Asia/Singapore.')).toBeInTheDocument();
    expect(screen.getByLabelText('Date')).toHaveValue(mockRoomDate(5).slice(0, 10));
    expect(screen.queryByText(MOVE_NOTICE)).not.toBeInTheDocument();
  });

  it('sends every field, the room’s zone and its photo kept, and shows the new name on the room', async () => {
    const bodies = recordEdits();
    const { router } = await renderEdit(false);
    await userEvent.clear(nameField());
    await userEvent.type(nameField(), 'Picnic by the lake');
    await userEvent.click(screen.getByRole('radio', { name: 'Public' }));
    await userEvent.clear(capacity());
    await userEvent.type(capacity(), '35');
    await save();
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      name: 'Picnic by the lake',
      imageUrl: '/imgs/gathering.png',
      pictureId: PICTURE,
      isPrivate: false,
      venue: 'Hyde Park',
      placeId: 'mock:hyde-park',
      date: mockRoomDate(5).slice(0, 10),
      time: '12:30',
      timeZone: 'Asia/Singapore',
      description: 'Bring a blanket.',
      capacity: 35,
    });
    expect(await screen.findByText('Room updated successfully!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/room/${ID}`), { timeout: 3000 });
    expect(await screen.findByRole('heading', { level: 1, name: 'Picnic by the lake' })).toBeInTheDocument();
  });

  it('an empty capacity sends no limit; a bad one is refused in words', async () => {
    const bodies = recordEdits();
    await renderEdit();
    await userEvent.clear(capacity());
    await userEvent.type(capacity(), '0');
    await save();
    expect(await screen.findByText(CAPACITY_INVALID)).toBeInTheDocument();
    expect(bodies).toEqual([]);
    await userEvent.clear(capacity());
    await save();
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]!.capacity).toBeNull();
  });

  it('Remove photo sends pictureId null and the room’s preset', async () => {
    const bodies = recordEdits();
    await renderEdit();
    await userEvent.click(screen.getByRole('button', { name: 'Remove photo' }));
    expect(screen.getByRole('radio', { name: 'Gathering' })).toBeChecked();
    await save();
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ imageUrl: '/imgs/gathering.png', pictureId: null });
  });

  it('a new photo replaces the old one', async () => {
    const bodies = recordEdits();
    await renderEdit();
    await choosePhoto(pngFile());
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Your photo' })).toBeChecked());
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Uploading photo' })).toBeNull());
    await save();
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]!.pictureId).toMatch(/^[0-9a-f-]{36}$/);
    expect(bodies[0]!.pictureId).not.toBe(PICTURE);
  });

  it('shows the server’s refusal of the picture and keeps the form', async () => {
    server.use(
      http.patch(EDIT, () =>
        fail(400, 'VALIDATION', 'Choose a picture you uploaded.', [
          { path: 'pictureId', message: 'Choose a picture you uploaded.' },
        ]),
      ),
    );
    await renderEdit();
    await userEvent.clear(nameField());
    await userEvent.type(nameField(), 'Kept');
    await save();
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a picture you uploaded.');
    expect(nameField()).toHaveValue('Kept');
  });
});

describe('edit room: a move is announced before saving', { timeout: 30_000 }, () => {
  it('says nothing for a new name, and everyone will be notified once the date, time or venue changes', async () => {
    await renderEdit();
    await userEvent.type(nameField(), '!');
    expect(screen.queryByText(MOVE_NOTICE)).not.toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Time'), { target: { value: '18:00' } });
    expect(await screen.findByText(MOVE_NOTICE)).toBeInTheDocument();
    // In the interface's locale (en-GB in the tests), from the room's day and time to the new ones.
    const day = new Date(mockRoomDate(5));
    const [from, to] = ['12:30', '18:00'].map(
      (time) =>
        `${new Intl.DateTimeFormat('en-GB', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(day)}, ${time}`,
    );
    expect(screen.getByText(`Moves from ${from} to ${to}.`)).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Time'), { target: { value: '12:30' } });
    await waitFor(() => expect(screen.queryByText(MOVE_NOTICE)).not.toBeInTheDocument());

    fireEvent.change(screen.getByLabelText('Date'), { target: { value: dayFromToday(9) } });
    expect(await screen.findByText(MOVE_NOTICE)).toBeInTheDocument();
  });

  it('names a new venue', async () => {
    await renderEdit();
    const venue = screen.getByRole('combobox', { name: 'Venue' });
    await userEvent.clear(venue);
    await userEvent.type(venue, 'Borough');
    await userEvent.click(await screen.findByRole('option', { name: /Borough Market/ }));
    expect(await screen.findByText(MOVE_NOTICE)).toBeInTheDocument();
    expect(screen.getByText('New venue: Borough Market.')).toBeInTheDocument();
    expect(screen.getByText(MOVE_NOTICE).closest('[role="status"]')).toBeInTheDocument();
  });
});
