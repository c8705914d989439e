import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { API_BASE } from '../../../lib/api-client';
import { fail, ok } from '../../../mocks/envelope';
import { renderApp } from '../../../test/render-app';
import { server } from '../../../test/server';
import { makeToken } from '../../../test/tokens';
import { createSettingsHandlers } from '../api/mocks';

/** Method and path of every settings call, with its JSON body. */
function recordCalls() {
  const calls: { call: string; body?: unknown }[] = [];
  server.events.on('request:start', async ({ request }) => {
    const url = new URL(request.url);
    if (!/calendar-feed|preferences/.test(url.pathname)) return;
    const text = request.method === 'GET' ? '' : await request.clone().text();
    calls.push({ call: `${request.method} ${url.pathname}`, ...(text ? { body: JSON.parse(text) } : {}) });
  });
  return calls;
}

beforeEach(() => {
  server.use(...createSettingsHandlers());
});

async function renderSettings() {
  const view = renderApp(
    { pathname: '/settings/calendar', state: { from: '/profile' } },
    { token: makeToken() },
  );
  await screen.findByRole('heading', { level: 1, name: 'Calendar & reminders' });
  return view;
}

const feedSection = () => screen.getByRole('region', { name: 'Subscribe in your calendar app' });

describe('calendar feed', () => {
  it('creates a link, shows it once with Copy and a webcal:// link, and revokes it after asking', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const calls = recordCalls();
    await renderSettings();
    await userEvent.click(await within(feedSection()).findByRole('button', { name: 'Create calendar link' }));

    const box = await within(feedSection()).findByRole('textbox', { name: 'Your calendar link' });
    const url = (box as HTMLInputElement).value;
    expect(url).toMatch(/^http:\/\/localhost(:\d+)?\/v1\/calendar\/[0-9a-f]{32}\.ics$/);
    expect(within(feedSection()).getByRole('link', { name: 'Open in calendar app' })).toHaveAttribute(
      'href',
      url.replace(/^http:/, 'webcal:'),
    );
    await userEvent.click(within(feedSection()).getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(url);
    expect(await screen.findByText('Calendar link copied')).toBeInTheDocument();

    await userEvent.click(within(feedSection()).getByRole('button', { name: 'Revoke link' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Revoke calendar link?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke link' }));
    expect(await screen.findByText('Calendar link revoked')).toBeInTheDocument();
    expect(within(feedSection()).getByRole('button', { name: 'Create calendar link' })).toBeInTheDocument();
    expect(within(feedSection()).queryByRole('textbox')).not.toBeInTheDocument();
    expect(calls.map((c) => c.call)).toEqual([
      'GET /v1/users/7/calendar-feed',
      'GET /v1/users/7/preferences',
      'POST /v1/users/7/calendar-feed',
      'GET /v1/users/7/calendar-feed',
      'DELETE /v1/users/7/calendar-feed',
    ]);
  });

  it('Cancel keeps the link', async () => {
    await renderSettings();
    await userEvent.click(await within(feedSection()).findByRole('button', { name: 'Create calendar link' }));
    await within(feedSection()).findByRole('textbox', { name: 'Your calendar link' });
    await userEvent.click(within(feedSection()).getByRole('button', { name: 'Revoke link' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }),
    );
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(within(feedSection()).getByRole('textbox', { name: 'Your calendar link' })).toBeInTheDocument();
  });

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

  it('selects the link for copying by hand when the clipboard refuses', async () => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: vi.fn().mockRejectedValue(new Error('denied')) },
      configurable: true,
    });
    await renderSettings();
    await userEvent.click(await within(feedSection()).findByRole('button', { name: 'Create calendar link' }));
    await within(feedSection()).findByRole('textbox', { name: 'Your calendar link' });
    await userEvent.click(within(feedSection()).getByRole('button', { name: 'Copy link' }));
    expect(
      await screen.findByText('Could not copy: the link is selected, copy it yourself.'),
    ).toBeInTheDocument();
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
  it('is on by default; switching it off saves, and stays off when the page is opened again', async () => {
    const calls = recordCalls();
    const { unmount } = await renderSettings();
    const toggle = await screen.findByRole('switch', { name: 'Remind me before outings' });
    expect(toggle).toBeChecked();
    expect(toggle).toHaveAccessibleDescription(/a day before and 2 hours before/);
    await userEvent.click(toggle);
    expect(await screen.findByText('Reminders are off')).toBeInTheDocument();
    expect(calls.find((c) => c.call.startsWith('PATCH'))).toEqual({
      call: 'PATCH /v1/users/7/preferences',
      body: { eventReminders: false },
    });
    unmount();

    await renderSettings();
    expect(await screen.findByRole('switch', { name: 'Remind me before outings' })).not.toBeChecked();
  });

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
