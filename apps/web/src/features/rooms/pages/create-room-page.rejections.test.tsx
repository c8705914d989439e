import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail } from '@/mocks/envelope';
import { server } from '@/test/server';
import { dayFromToday, serveRooms } from '../testing';
import {
  ROOMS,
  description,
  fillValidForm,
  nameField,
  recordCreates,
  renderCreate,
  submit,
  venueBox,
} from './create-room-page.testing';

// Issue #10: what create-room-page.test.tsx does not already cover (required fields, past date, 400/404/500 are).

function expectEverythingKept() {
  expect(nameField()).toHaveValue('Quiz Night');
  expect(venueBox()).toHaveValue('Sky Garden');
  expect(screen.getByText(/Selected: Sky Garden/)).toBeInTheDocument();
  expect(screen.getByLabelText('Date')).toHaveValue(dayFromToday(2));
  expect(screen.getByLabelText('Time')).toHaveValue('19:45');
  expect(description()).toHaveValue('Bring your brain');
}

beforeEach(() => {
  serveRooms();
});

describe('create room: rejected input', { timeout: 30_000 }, () => {
  it('takes a name only as long as the rule allows (60), and refuses a description over 500, keeping it', async () => {
    const bodies = recordCreates();
    await renderCreate();
    const text = 'd'.repeat(501);
    expect(nameField()).toHaveAttribute('maxLength', '60');
    await userEvent.click(nameField());
    await userEvent.paste('n'.repeat(61));
    expect(nameField()).toHaveValue('n'.repeat(60));
    await userEvent.click(description());
    await userEvent.paste(text);
    await submit();
    expect(nameField()).not.toHaveAttribute('aria-invalid');
    expect(description()).toHaveAccessibleDescription(
      expect.stringContaining('Description must be at most 500 characters'),
    );
    expect(description()).toHaveAttribute('aria-invalid', 'true');
    expect(description()).toHaveValue(text);
    expect(bodies).toEqual([]);
  });

  it('a 400 with issues toasts the message and puts each issue on its field, keeping everything', async () => {
    server.use(
      http.post(ROOMS, () =>
        fail(400, 'VALIDATION', 'room.date: Date must be in the future', [
          { path: 'room.date', message: 'Date must be in the future' },
          { path: 'room.name', message: 'Room Name must be at most 60 characters' },
        ]),
      ),
    );
    const { router } = await renderCreate();
    await fillValidForm({ name: 'Quiz Night', description: 'Bring your brain' });
    await submit();
    expect(await screen.findByText('room.date: Date must be in the future')).toBeInTheDocument();
    expect(screen.getByLabelText('Date')).toHaveAccessibleDescription('Date must be in the future');
    expect(nameField()).toHaveAccessibleDescription('Room Name must be at most 60 characters');
    expect(screen.getByLabelText('Time')).not.toHaveAttribute('aria-invalid');
    expectEverythingKept();
    expect(router.state.location.pathname).toBe('/rooms/create');
  });

  it.each([
    [409, 'Something changed.'],
    [429, 'Too many requests.'],
    [503, 'The database is unavailable.'],
  ])('a %i toasts the generic text and keeps everything', async (status, message) => {
    server.use(http.post(ROOMS, () => fail(status, status === 429 ? 'RATE_LIMITED' : 'CONFLICT', message)));
    const { router } = await renderCreate();
    await fillValidForm({ name: 'Quiz Night', description: 'Bring your brain' });
    await submit();
    expect(await screen.findByText('An error occurred, please try again later.')).toBeInTheDocument();
    expectEverythingKept();
    expect(screen.getByRole('button', { name: 'Create room' })).toBeEnabled();
    expect(router.state.location.pathname).toBe('/rooms/create');
  });

  it('a network failure toasts the generic text and keeps everything', async () => {
    server.use(http.post(ROOMS, () => HttpResponse.error()));
    await renderCreate();
    await fillValidForm({ name: 'Quiz Night', description: 'Bring your brain' });
    await submit();
    expect(await screen.findByText('An error occurred, please try again later.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Create room' })).toBeEnabled());
    expectEverythingKept();
  });
});
