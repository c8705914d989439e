import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { API_BASE } from '@/lib/api-client';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/server';
import { makeToken } from '@/test/tokens';
import { dayFromToday } from '../testing';

// Shared by create-room-page.test.tsx and create-room-page.rejections.test.tsx: the page, its fields and a valid fill.

export const ROOMS = `${API_BASE}/rooms`;

/** Records what POST /rooms receives, then lets the mock answer. */
export function recordCreates() {
  const bodies: unknown[] = [];
  server.use(
    http.post(ROOMS, async ({ request }) => {
      bodies.push(await request.clone().json());
    }),
  );
  return bodies;
}

export async function renderCreate() {
  const view = renderApp({ pathname: '/rooms/create', state: { from: '/' } }, { token: makeToken() });
  await screen.findByRole('heading', { level: 1, name: 'Create room' });
  return view;
}

export const nameField = () => screen.getByLabelText('Room name');
export const venueBox = () => screen.getByRole('combobox', { name: 'Venue' });
export const description = () => screen.getByLabelText(/Description/);
export const submit = () => userEvent.click(screen.getByRole('button', { name: 'Create room' }));

export async function pickVenue(text: string, option: RegExp) {
  await userEvent.clear(venueBox());
  await userEvent.type(venueBox(), text);
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

/**
 * Types `name`, picks Sky Garden (unless `venue` is false), sets the date two days ahead and 19:45, and pastes
 * `description` when given.
 */
export async function fillValidForm({
  name = '  Quiz Night  ',
  venue = true,
  description: text,
}: { name?: string; venue?: boolean; description?: string } = {}) {
  await userEvent.type(nameField(), name);
  if (venue) await pickVenue('Sky', /Sky Garden/);
  fireEvent.change(screen.getByLabelText('Date'), { target: { value: dayFromToday(2) } });
  fireEvent.change(screen.getByLabelText('Time'), { target: { value: '19:45' } });
  if (text !== undefined) {
    await userEvent.click(description());
    await userEvent.paste(text);
  }
}
