import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { API_BASE } from '@/lib/api-client';
import { fail } from '@/mocks/envelope';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/server';
import { makeToken } from '@/test/tokens';
import { todayInputValue } from '@/entities/room/dates';
import { seedRoom, serveRooms } from '@/features/rooms/testing';

// Issue #10: what edit-room-page.test.tsx does not already cover (past date, venue not picked, 404 are there).

const ID = '11111111-2222-4333-8444-555555555555';
const EDIT = `${API_BASE}/rooms/:id/edit`;

function dayFromToday(days: number): string {
  const now = new Date();
  return todayInputValue(new Date(now.getFullYear(), now.getMonth(), now.getDate() + days));
}

const description = () => screen.getByLabelText(/Description/);
const dateField = () => screen.getByLabelText('Date');
const timeField = () => screen.getByLabelText('Time');
const save = () => userEvent.click(screen.getByRole('button', { name: 'Save' }));

async function renderEdit() {
  const view = renderApp(
    { pathname: `/room/${ID}/edit`, state: { from: `/room/${ID}` } },
    { token: makeToken() },
  );
  await screen.findByRole('button', { name: 'Save' });
  return view;
}

/** Changes date, time and description, so that a kept value is not the room's own. */
async function change() {
  fireEvent.change(dateField(), { target: { value: dayFromToday(9) } });
  fireEvent.change(timeField(), { target: { value: '21:15' } });
  await userEvent.clear(description());
  await userEvent.click(description());
  await userEvent.paste('New plan');
}

function expectKept() {
  expect(dateField()).toHaveValue(dayFromToday(9));
  expect(timeField()).toHaveValue('21:15');
  expect(description()).toHaveValue('New plan');
}

beforeEach(() => {
  serveRooms({ rooms: [seedRoom({ inDays: 5 })] });
});

describe('edit room: rejected input', { timeout: 30_000 }, () => {
  it('refuses a description over 500 characters and an empty time, keeping what was typed', async () => {
    const bodies: unknown[] = [];
    server.use(http.patch(EDIT, async ({ request }) => void bodies.push(await request.clone().json())));
    await renderEdit();
    const text = 'd'.repeat(501);
    await userEvent.clear(description());
    await userEvent.click(description());
    await userEvent.paste(text);
    fireEvent.change(timeField(), { target: { value: '' } });
    await save();
    expect(description()).toHaveAccessibleDescription(
      expect.stringContaining('Description must be at most 500 characters'),
    );
    expect(timeField()).toHaveAccessibleDescription('Time is required');
    expect(description()).toHaveValue(text);
    expect(bodies).toEqual([]);
  });

  it('a 400 with issues shows the message and each issue on its field, keeping what was typed', async () => {
    server.use(
      http.patch(EDIT, () =>
        fail(400, 'VALIDATION', 'time: Time must be HH:MM', [
          { path: 'time', message: 'Time must be HH:MM' },
          { path: 'placeId', message: 'Please select a venue.' },
        ]),
      ),
    );
    await renderEdit();
    await change();
    await save();
    expect(await screen.findByText('time: Time must be HH:MM')).toBeInTheDocument();
    expect(timeField()).toHaveAccessibleDescription('Time must be HH:MM');
    expect(screen.getByRole('combobox', { name: 'Venue' })).toHaveAttribute('aria-invalid', 'true');
    expectKept();
  });

  it.each([
    [409, 'CONFLICT' as const, 'This room is closed.', 'This room is closed.'],
    [403, 'NOT_HOST' as const, 'Only the host can edit this room.', 'Only the host can edit this room.'],
    [429, 'RATE_LIMITED' as const, 'Too many requests.', 'An error occurred, please try again later.'],
    [500, 'INTERNAL' as const, 'Boom.', 'An error occurred, please try again later.'],
  ])('a %i shows the right message and keeps what was typed', async (status, code, message, shown) => {
    server.use(http.patch(EDIT, () => fail(status, code, message)));
    const { router } = await renderEdit();
    await change();
    await save();
    expect(await screen.findByText(shown, { selector: '[role="alert"] *' })).toBeInTheDocument();
    expectKept();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(router.state.location.pathname).toBe(`/room/${ID}/edit`);
  });

  it('a network failure says so and keeps what was typed', async () => {
    server.use(http.patch(EDIT, () => HttpResponse.error()));
    await renderEdit();
    await change();
    await save();
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred, please try again later.');
    expectKept();
  });
});
