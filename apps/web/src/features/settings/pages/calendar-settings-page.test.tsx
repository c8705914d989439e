import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { API_BASE } from '@/lib/api-client';
import { fail, ok } from '@/mocks/envelope';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/server';
import { makeToken } from '@/test/tokens';

async function renderSettings() {
  const view = renderApp(
    { pathname: '/settings/calendar', state: { from: '/profile' } },
    { token: makeToken() },
  );
  await screen.findByRole('heading', { level: 1, name: 'Calendar & reminders' });
  return view;
}

const feedSection = () => screen.getByRole('region', { name: 'Subscribe in your calendar app' });

// A link created, kept or revoked, and preferences saved and read back, are the server's: settings.server.test.tsx.

describe('calendar feed', () => {
  it('an active link from before is not shown again: it says since when, and offers a new one or revoking', async () => {
    server.use(
      http.get(`${API_BASE}/users/:id/calendar-feed`, () =>
        ok({ active: true, createdAt: '2026-11-20T10:00:00.000Z' }),
      ),
    );
    await renderSettings();
    expect(await within(feedSection()).findByText(/Your link is active since/)).toHaveTextContent('2026');
    expect(within(feedSection()).getByRole('button', { name: 'Create a new link' })).toBeInTheDocument();
    expect(within(feedSection()).getByRole('button', { name: 'Revoke link' })).toBeInTheDocument();
    expect(within(feedSection()).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('says what went wrong when creating fails, and when the status cannot be read', async () => {
    server.use(
      http.post(`${API_BASE}/users/:id/calendar-feed`, () => fail(429, 'RATE_LIMITED', 'Too many requests.')),
    );
    await renderSettings();
    await userEvent.click(await within(feedSection()).findByRole('button', { name: 'Create calendar link' }));
    expect(await screen.findByText('Could not create a link: Too many requests.')).toBeInTheDocument();

    server.use(http.get(`${API_BASE}/users/:id/calendar-feed`, () => fail(500, 'INTERNAL', 'boom')));
    await renderSettings();
    expect(await screen.findByText('Could not load your calendar link.')).toBeInTheDocument();
  });
});

describe('reminders', () => {
  it('moves back and says so when saving fails', async () => {
    server.use(http.patch(`${API_BASE}/users/:id/preferences`, () => fail(500, 'INTERNAL', 'boom')));
    await renderSettings();
    const toggle = await screen.findByRole('switch', { name: 'Remind me before outings' });
    await userEvent.click(toggle);
    expect(
      await screen.findByText('Could not save your reminder setting. Please try again.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(toggle).toBeChecked());
  });
});

describe('the way there', () => {
  it('the profile links to Calendar & reminders, which goes back to the profile', async () => {
    renderApp('/profile', { token: makeToken() });
    await userEvent.click(await screen.findByRole('link', { name: /Calendar & reminders/ }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Calendar & reminders' }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
  });
});
