// Settings saved and read back, against the real server (src/test/real-server.ts; docs/principles.md, principle 7):
// the calendar link and the notification preferences are stored by the server; the msw handlers answer fixed values.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { realServer, type TestUser } from '@/test/real-server';

const server = realServer();

/** Method and path of every settings call the app makes, with its JSON body (`calls` of the msw tests). */
function recordCalls(pattern: RegExp) {
  const calls: { call: string; body?: unknown }[] = [];
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (pattern.test(url.pathname)) {
      const text = typeof init?.body === 'string' ? init.body : '';
      calls.push({ call: `${request.method} ${url.pathname}`, ...(text ? { body: JSON.parse(text) } : {}) });
    }
    return realFetch(input, init);
  });
  return calls;
}

afterEach(() => vi.restoreAllMocks());

async function renderCalendarSettings(me: TestUser) {
  const view = server.render({ pathname: '/settings/calendar', state: { from: '/profile' } }, me);
  await screen.findByRole('heading', { level: 1, name: 'Calendar & reminders' });
  return view;
}

const feedSection = () => screen.getByRole('region', { name: 'Subscribe in your calendar app' });
const section = (name: string) => screen.getByRole('region', { name });

describe('calendar feed, against the real server', () => {
  it('creates a link, shows it once with Copy and a webcal:// link, and revokes it after asking', async () => {
    const me = await server.user();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const calls = recordCalls(/calendar-feed|preferences/);
    await renderCalendarSettings(me);
    await userEvent.click(await within(feedSection()).findByRole('button', { name: 'Create calendar link' }));

    const box = await within(feedSection()).findByRole('textbox', { name: 'Your calendar link' });
    const url = (box as HTMLInputElement).value;
    // The server's secret: 32 random bytes in base64url (docs/api/README.md#calendar).
    expect(url).toMatch(new RegExp(`^${server.url}/v1/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
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
      `GET /v1/users/${me.id}/calendar-feed`,
      `GET /v1/users/${me.id}/preferences`,
      `POST /v1/users/${me.id}/calendar-feed`,
      `GET /v1/users/${me.id}/calendar-feed`,
      `DELETE /v1/users/${me.id}/calendar-feed`,
    ]);
  });

  it('Cancel keeps the link', async () => {
    await renderCalendarSettings(await server.user());
    await userEvent.click(await within(feedSection()).findByRole('button', { name: 'Create calendar link' }));
    await within(feedSection()).findByRole('textbox', { name: 'Your calendar link' });
    await userEvent.click(within(feedSection()).getByRole('button', { name: 'Revoke link' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }),
    );
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(within(feedSection()).getByRole('textbox', { name: 'Your calendar link' })).toBeInTheDocument();
  });

  it('selects the link for copying by hand when the clipboard refuses', async () => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: vi.fn().mockRejectedValue(new Error('denied')) },
      configurable: true,
    });
    await renderCalendarSettings(await server.user());
    await userEvent.click(await within(feedSection()).findByRole('button', { name: 'Create calendar link' }));
    await within(feedSection()).findByRole('textbox', { name: 'Your calendar link' });
    await userEvent.click(within(feedSection()).getByRole('button', { name: 'Copy link' }));
    expect(
      await screen.findByText('Could not copy: the link is selected, copy it yourself.'),
    ).toBeInTheDocument();
  });
});

describe('preferences, against the real server', () => {
  it('reminders are on by default; switching them off saves, and stays off when the page is opened again', async () => {
    const me = await server.user();
    const calls = recordCalls(/calendar-feed|preferences/);
    const { unmount } = await renderCalendarSettings(me);
    const toggle = await screen.findByRole('switch', { name: 'Remind me before outings' });
    expect(toggle).toBeChecked();
    expect(toggle).toHaveAccessibleDescription(/a day before and 2 hours before/);
    await userEvent.click(toggle);
    expect(await screen.findByText('Reminders are off')).toBeInTheDocument();
    expect(calls.find((c) => c.call.startsWith('PATCH'))).toEqual({
      call: `PATCH /v1/users/${me.id}/preferences`,
      body: { eventReminders: false },
    });
    unmount();

    await renderCalendarSettings(me);
    expect(await screen.findByRole('switch', { name: 'Remind me before outings' })).not.toBeChecked();
  });

  it('shows In app and Push per group and saves a switch as it moves', async () => {
    const me = await server.user();
    const calls = recordCalls(/\/users\/|\/auth\/logout/);
    server.render('/settings', me);
    await screen.findByRole('heading', { level: 1, name: 'Settings' });
    const notifications = section('Notifications');
    const friendsPush = await within(notifications).findByRole('switch', { name: 'Friends: push' });
    for (const kind of ['Friends', 'Invites', 'Room changes', 'Money', 'Reminders']) {
      expect(within(notifications).getByRole('switch', { name: `${kind}: in app` })).toBeChecked();
      expect(within(notifications).getByRole('switch', { name: `${kind}: push` })).toBeChecked();
    }
    // Chat makes no stored notification: push only.
    expect(within(notifications).queryByRole('switch', { name: 'Chat: in app' })).not.toBeInTheDocument();
    expect(within(notifications).getByRole('switch', { name: 'Chat: push' })).toBeChecked();
    // A host's RSVP news (rsvp_changed) is a room change: the hint says so.
    expect(within(notifications).getByText(/who is coming to your rooms/)).toBeInTheDocument();

    await userEvent.click(friendsPush);
    expect(friendsPush).not.toBeChecked();
    await userEvent.click(within(notifications).getByRole('switch', { name: 'Reminders: in app' }));
    await waitFor(() =>
      expect(
        calls.filter((c) => c.call === `PATCH /v1/users/${me.id}/preferences`).map((c) => c.body),
      ).toEqual([{ push: { friends: false } }, { notify: { reminders: false } }]),
    );
    await waitFor(() =>
      expect(within(notifications).getByRole('switch', { name: 'Reminders: in app' })).not.toBeChecked(),
    );
    expect(friendsPush).not.toBeChecked();
    expect(within(notifications).getByRole('switch', { name: 'Friends: in app' })).toBeChecked();
  });
});
