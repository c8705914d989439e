import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { API_BASE } from '../../../lib/api-client';
import { TOKEN_STORAGE_KEY } from '../../../lib/token-storage';
import { fail } from '../../../mocks/envelope';
import { renderApp } from '../../../test/render-app';
import { server } from '../../../test/server';
import { answer, success } from '../../../test/api';
import { makeToken } from '../../../test/tokens';
import { seedRoom, serveRooms } from '../../rooms/testing';
import { createSettingsHandlers, MOCK_PASSWORD } from '../api/mocks';

/** Method and path of every account or settings call, with its JSON body. */
function recordCalls() {
  const calls: { call: string; body?: unknown }[] = [];
  server.events.on('request:start', async ({ request }) => {
    const url = new URL(request.url);
    if (!/\/users\/|\/auth\/logout/.test(url.pathname)) return;
    const text = request.method === 'GET' ? '' : await request.clone().text();
    calls.push({ call: `${request.method} ${url.pathname}`, ...(text ? { body: JSON.parse(text) } : {}) });
  });
  return calls;
}

beforeEach(() => {
  server.use(...createSettingsHandlers());
});

async function renderSettings(entry: Parameters<typeof renderApp>[0] = '/settings') {
  const view = renderApp(entry, { token: makeToken() });
  await screen.findByRole('heading', { level: 1, name: 'Settings' });
  return view;
}

const section = (name: string) => screen.getByRole('region', { name });

describe('reaching Settings', () => {
  it('is a labelled link on Profile, with a back button to it', async () => {
    const { router } = renderApp('/profile', { token: makeToken() });
    await userEvent.click(await screen.findByRole('link', { name: /^Settings/ }));
    await screen.findByRole('heading', { level: 1, name: 'Settings' });
    expect(router.state.location.pathname).toBe('/settings');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
  });
});

describe('appearance', () => {
  it('applies the theme at once and keeps it on this device', async () => {
    await renderSettings();
    const appearance = section('Appearance');
    const theme = within(appearance).getByRole('group', { name: 'Theme' });
    expect(within(theme).getByRole('radio', { name: 'System' })).toBeChecked();

    await userEvent.click(within(theme).getByRole('radio', { name: 'Dark' }));
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem('outing.theme')).toBe('dark');
    expect(within(theme).getByRole('radio', { name: 'Dark' })).toBeChecked();

    await userEvent.click(within(theme).getByRole('radio', { name: 'Light' }));
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(localStorage.getItem('outing.theme')).toBe('light');
  });

  it('switches the language without a reload, keeps it, and switches back', async () => {
    await renderSettings();
    const language = within(section('Appearance')).getByRole('group', { name: 'Language' });
    await userEvent.click(within(language).getByRole('radio', { name: '简体中文' }));
    expect(await screen.findByRole('heading', { level: 1, name: '设置' })).toBeInTheDocument();
    expect(localStorage.getItem('outing.language')).toBe('zh');
    expect(screen.getByRole('region', { name: '外观' })).toBeInTheDocument();

    const languageZh = within(screen.getByRole('region', { name: '外观' })).getByRole('group', {
      name: '语言',
    });
    await userEvent.click(within(languageZh).getByRole('radio', { name: 'English' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    expect(localStorage.getItem('outing.language')).toBe('en');
  });
});

describe('notifications', () => {
  it('shows In app and Push per group and saves a switch as it moves', async () => {
    const calls = recordCalls();
    await renderSettings();
    const notifications = section('Notifications');
    const friendsPush = await within(notifications).findByRole('switch', { name: 'Friends: push' });
    for (const kind of ['Friends', 'Invites', 'Room changes', 'Money', 'Reminders']) {
      expect(within(notifications).getByRole('switch', { name: `${kind}: in app` })).toBeChecked();
      expect(within(notifications).getByRole('switch', { name: `${kind}: push` })).toBeChecked();
    }
    // Chat makes no stored notification: push only.
    expect(within(notifications).queryByRole('switch', { name: 'Chat: in app' })).not.toBeInTheDocument();
    expect(within(notifications).getByRole('switch', { name: 'Chat: push' })).toBeChecked();

    await userEvent.click(friendsPush);
    expect(friendsPush).not.toBeChecked();
    await userEvent.click(within(notifications).getByRole('switch', { name: 'Reminders: in app' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.call === 'PATCH /v1/users/7/preferences').map((c) => c.body)).toEqual([
        { push: { friends: false } },
        { notify: { reminders: false } },
      ]),
    );
    await waitFor(() =>
      expect(within(notifications).getByRole('switch', { name: 'Reminders: in app' })).not.toBeChecked(),
    );
    expect(friendsPush).not.toBeChecked();
    expect(within(notifications).getByRole('switch', { name: 'Friends: in app' })).toBeChecked();
  });

  it('puts a switch back and says so when saving fails', async () => {
    server.use(
      http.patch(`${API_BASE}/users/:id/preferences`, () => fail(500, 'INTERNAL', 'Something went wrong')),
    );
    await renderSettings();
    const money = await within(section('Notifications')).findByRole('switch', { name: 'Money: in app' });
    await userEvent.click(money);
    expect(
      await screen.findByText('Could not save your notification settings. Please try again.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(money).toBeChecked());
  });

  it('shows an error with Try again when the preferences cannot be read', async () => {
    server.use(
      http.get(`${API_BASE}/users/:id/preferences`, () => fail(500, 'INTERNAL', 'Something went wrong')),
    );
    await renderSettings();
    expect(
      await within(section('Notifications')).findByText('Could not load your notification settings.'),
    ).toBeInTheDocument();
    expect(within(section('Notifications')).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('explains how to allow push again when the browser blocks it', async () => {
    vi.stubGlobal('Notification', { permission: 'denied' });
    try {
      await renderSettings();
      const notifications = section('Notifications');
      expect(
        within(notifications).getByText('Push notifications are blocked for Outing in this browser.'),
      ).toBeInTheDocument();
      expect(
        within(notifications).getByText(/open this site’s settings in your browser/),
      ).toBeInTheDocument();
      expect(within(notifications).queryByRole('button', { name: 'Turn on push' })).not.toBeInTheDocument();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('offers Turn on push when the browser has not been asked yet', async () => {
    vi.stubGlobal('Notification', { permission: 'default' });
    try {
      await renderSettings();
      expect(
        within(section('Notifications')).getByRole('button', { name: 'Turn on push' }),
      ).toBeInTheDocument();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('change password', () => {
  const fill = async (current: string, next: string, confirm = next) => {
    const account = section('Account');
    await userEvent.type(within(account).getByLabelText('Current password'), current);
    await userEvent.type(within(account).getByLabelText('New password'), next);
    await userEvent.type(within(account).getByLabelText('Confirm new password'), confirm);
    await userEvent.click(within(account).getByRole('button', { name: 'Change password' }));
  };

  it('shows a wrong current password under its field and keeps everything typed', async () => {
    await renderSettings();
    await fill('not-my-password', 'brand-new-1');
    const current = within(section('Account')).getByLabelText('Current password');
    await waitFor(() =>
      expect(current).toHaveAccessibleDescription('That password is not right. Check it and try again.'),
    );
    expect(current).toHaveAttribute('aria-invalid', 'true');
    expect(current).toHaveValue('not-my-password');
    expect(within(section('Account')).getByLabelText('New password')).toHaveValue('brand-new-1');
    expect(within(section('Account')).getByLabelText('Confirm new password')).toHaveValue('brand-new-1');
  });

  it('checks the new password and its confirmation before asking the server', async () => {
    const calls = recordCalls();
    await renderSettings();
    await fill(MOCK_PASSWORD, 'abc', 'abd');
    expect(within(section('Account')).getByLabelText('New password')).toHaveAccessibleDescription(
      'Password must be at least 6 characters',
    );
    expect(within(section('Account')).getByLabelText('Confirm new password')).toHaveAccessibleDescription(
      'Passwords do not match',
    );
    expect(calls.some((c) => c.call.includes('/password'))).toBe(false);
  });

  it('changes it, keeps this device signed in with the new token and says other devices were signed out', async () => {
    const calls = recordCalls();
    await renderSettings();
    await fill(MOCK_PASSWORD, 'brand-new-1');
    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    expect(
      screen.getByText('Password changed. Your other devices were signed out; this one stays signed in.'),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.call === 'PATCH /v1/users/7/password')?.body).toEqual({
      currentPassword: MOCK_PASSWORD,
      newPassword: 'brand-new-1',
    });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).not.toBeNull();
    expect(within(section('Account')).getByLabelText('Current password')).toHaveValue('');
  });
});

describe('change password with a mailed code (an account without a password)', () => {
  it('asks for a code, shows a wrong one under its field, then changes the password', async () => {
    const calls = recordCalls();
    await renderSettings();
    const account = section('Account');
    await userEvent.click(
      within(account).getByRole('button', { name: 'No password yet? Email me a code instead' }),
    );
    const code = await within(account).findByLabelText('Code from the email');
    expect(code).toHaveAccessibleDescription('We sent a 6-digit code to ada@example.com.');
    expect(within(account).queryByLabelText('Current password')).not.toBeInTheDocument();
    await userEvent.type(code, '654321');
    await userEvent.type(within(account).getByLabelText('New password'), 'brand-new-1');
    await userEvent.type(within(account).getByLabelText('Confirm new password'), 'brand-new-1');
    await userEvent.click(within(account).getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(code).toHaveAccessibleDescription('That code is not right. Check it and try again.'),
    );
    expect(within(account).getByLabelText('New password')).toHaveValue('brand-new-1');

    await userEvent.clear(code);
    await userEvent.type(code, '123456');
    await userEvent.click(within(account).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    expect(calls.filter((c) => c.call === 'PATCH /v1/users/7/password').map((c) => c.body)).toEqual([
      { code: '654321', newPassword: 'brand-new-1' },
      { code: '123456', newPassword: 'brand-new-1' },
    ]);
    expect(calls.some((c) => c.call === 'POST /v1/users/7/confirmation-code')).toBe(true);
  });
});

describe('sign out everywhere', () => {
  it('asks first; Cancel keeps the session', async () => {
    const calls = recordCalls();
    const { router } = await renderSettings();
    await userEvent.click(within(section('Account')).getByRole('button', { name: /^Sign out everywhere/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Sign out everywhere?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings');
    expect(calls.some((c) => c.call.includes('/auth/logout'))).toBe(false);
  });

  it('signs out every device, then shows the login screen', async () => {
    const calls = recordCalls();
    const { router } = await renderSettings();
    await userEvent.click(within(section('Account')).getByRole('button', { name: /^Sign out everywhere/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Sign out everywhere?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.find((c) => c.call === 'POST /v1/auth/logout')?.body).toEqual({ everywhere: true });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('stays signed in and says why when the server cannot be reached', async () => {
    server.use(http.post(`${API_BASE}/auth/logout`, () => fail(500, 'INTERNAL', 'Something went wrong')));
    const { router } = await renderSettings();
    await userEvent.click(within(section('Account')).getByRole('button', { name: /^Sign out everywhere/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Sign out everywhere?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByText(/^Could not sign out everywhere:/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).not.toBeNull();
  });
});

describe('download my data', () => {
  it('saves the export as outing-<username>-<date>.json', async () => {
    let saved: Blob | undefined;
    const createObjectURL = vi.fn((blob: Blob | MediaSource) => {
      saved = blob as Blob;
      return 'blob:export';
    });
    vi.spyOn(URL, 'createObjectURL').mockImplementation(createObjectURL);
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    await renderSettings();
    await userEvent.click(within(section('Account')).getByRole('button', { name: /^Download my data/ }));
    expect(await screen.findByText('Your data was downloaded')).toBeInTheDocument();
    const today = new Date();
    const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    expect(clicked[0]?.download).toBe(`outing-ada-${day}.json`);
    expect(clicked[0]?.href).toBe('blob:export');
    const file = JSON.parse(await saved!.text()) as { profile: { username: string } };
    expect(file.profile.username).toBe('ada');
  });

  it('says so when the export fails', async () => {
    server.use(
      http.get(`${API_BASE}/users/:id/export`, () =>
        fail(429, 'RATE_LIMITED', 'Too many exports. Try again in a minute.'),
      ),
    );
    await renderSettings();
    await userEvent.click(within(section('Account')).getByRole('button', { name: /^Download my data/ }));
    expect(
      await screen.findByText('Could not download your data: Too many exports. Try again in a minute.'),
    ).toBeInTheDocument();
  });
});

describe('delete my account', () => {
  const openDialog = async () => {
    await userEvent.click(within(section('Account')).getByRole('button', { name: /^Delete my account/ }));
    return screen.findByRole('alertdialog', { name: 'Delete your account?' });
  };

  it('explains what is kept for the others and asks for the password', async () => {
    const calls = recordCalls();
    await renderSettings();
    const dialog = await openDialog();
    expect(dialog).toHaveAccessibleDescription(
      /under the name “Deleted user”, so that nobody’s balance changes/,
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    expect(within(dialog).getByLabelText('Your password')).toHaveAccessibleDescription(
      'Enter your password to confirm.',
    );
    expect(calls.some((c) => c.call === 'DELETE /v1/users/7')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('warns about money still owed either way and the open rooms the user hosts', async () => {
    answer(
      'get',
      '/balances',
      success({
        totals: [
          { currency: 'USD', owe: 12.5, owed: 0 },
          { currency: 'EUR', owe: 0, owed: 4 },
        ],
        people: [],
      }),
    );
    serveRooms({
      rooms: [
        seedRoom(),
        seedRoom({ id: 'a1111111-2222-4333-8444-555555555555', name: 'Not mine', hostId: 11 }),
      ],
    });
    await renderSettings();
    const dialog = await openDialog();
    expect(
      await within(dialog).findByText('You still owe US$12.50. The debt stays, owed by “Deleted user”.'),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('You are still owed €4.00. Those who owe you can still mark it paid.'),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'You host 1 open room: Picnic in the Park. Each passes to another member, or closes if nobody else is in it.',
      ),
    ).toBeInTheDocument();
  });

  it('warns about nothing when nothing is owed or hosted', async () => {
    answer('get', '/balances', success({ totals: [], people: [] }));
    serveRooms({ rooms: [], invites: [] });
    await renderSettings();
    const dialog = await openDialog();
    await waitFor(() =>
      expect(
        within(dialog).queryByText('Checking your balances and the rooms you host…'),
      ).not.toBeInTheDocument(),
    );
    expect(within(dialog).queryByText(/You still owe|You are still owed|You host/)).not.toBeInTheDocument();
  });

  it('shows a wrong password under the field and keeps it', async () => {
    await renderSettings();
    const dialog = await openDialog();
    const password = within(dialog).getByLabelText('Your password');
    await userEvent.type(password, 'nope-nope');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    await waitFor(() =>
      expect(password).toHaveAccessibleDescription('That password is not right. Check it and try again.'),
    );
    expect(password).toHaveValue('nope-nope');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).not.toBeNull();
  });

  it('deletes the account with the password and signs out to the login screen', async () => {
    const calls = recordCalls();
    const { router } = await renderSettings();
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText('Your password'), MOCK_PASSWORD);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.find((c) => c.call === 'DELETE /v1/users/7')?.body).toEqual({ password: MOCK_PASSWORD });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(await screen.findByText('Account deleted')).toBeInTheDocument();
  });

  it('takes a mailed code instead of a password', async () => {
    const calls = recordCalls();
    const { router } = await renderSettings();
    const dialog = await openDialog();
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'No password? Email me a code instead' }),
    );
    const code = await within(dialog).findByLabelText('Code from the email');
    expect(code).toHaveAccessibleDescription('We sent a 6-digit code to ada@example.com.');
    await userEvent.type(code, '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.find((c) => c.call === 'DELETE /v1/users/7')?.body).toEqual({ code: '123456' });
  });
});

describe('preferences rollback', () => {
  it('puts back only the switch whose save failed, not another that saved meanwhile', async () => {
    server.use(
      http.patch(`${API_BASE}/users/:id/preferences`, async ({ request }) => {
        const body = (await request.clone().json()) as { push?: { money?: boolean } };
        if (body.push?.money !== undefined) {
          // The failing save answers last.
          await new Promise((resolve) => setTimeout(resolve, 300));
          return fail(500, 'INTERNAL', 'Something went wrong');
        }
        return undefined;
      }),
    );
    await renderSettings();
    const notifications = section('Notifications');
    const moneyPush = await within(notifications).findByRole('switch', { name: 'Money: push' });
    const invitesPush = within(notifications).getByRole('switch', { name: 'Invites: push' });
    await userEvent.click(moneyPush);
    await userEvent.click(invitesPush);
    expect(
      await screen.findByText('Could not save your notification settings. Please try again.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(moneyPush).toBeChecked());
    expect(invitesPush).not.toBeChecked();
  });
});
