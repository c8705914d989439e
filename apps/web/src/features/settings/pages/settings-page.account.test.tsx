import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { API_BASE } from '@/lib/api-client';
import { TOKEN_STORAGE_KEY } from '@/lib/token-storage';
import { fail } from '@/mocks/envelope';
import { catchDownloads, readText } from '@/test/downloads';
import { server } from '@/test/server';
import { answer, success } from '@/test/api';
import { seedRoom, serveRooms } from '@/features/rooms/testing';
import { recordCalls, renderSettings, section } from './settings-page.testing';

// The shared mocks accept any password or code (src/mocks/settings.ts): a refusal is this file's own handler; which
// password is right is the server's (settings.server.test.tsx).
const MOCK_PASSWORD = 'password123';
const PASSWORD_CALL = `${API_BASE}/users/:id/password`;
const ACCOUNT_CALL = `${API_BASE}/users/:id`;

/** The server's 400 for a wrong password or code, under `path`. */
function refused(path: 'currentPassword' | 'password' | 'code') {
  const message =
    path === 'code'
      ? 'That code is not right. Check it and try again.'
      : 'That password is not right. Check it and try again.';
  return fail(400, 'VALIDATION', message, [{ path, message }]);
}

describe('change password', () => {
  const fill = async (current: string, next: string, confirm = next) => {
    const account = section('Account');
    await userEvent.type(within(account).getByLabelText('Current password'), current);
    await userEvent.type(within(account).getByLabelText('New password'), next);
    await userEvent.type(within(account).getByLabelText('Confirm new password'), confirm);
    await userEvent.click(within(account).getByRole('button', { name: 'Change password' }));
  };

  it('shows a wrong current password under its field and keeps everything typed', async () => {
    server.use(http.patch(PASSWORD_CALL, () => refused('currentPassword')));
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
      screen.getByText(
        'Password changed. Your other devices were signed out and any calendar link stopped working (make a new one in Calendar & reminders); this one stays signed in.',
      ),
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
    server.use(http.patch(PASSWORD_CALL, () => refused('code'), { once: true }));
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
    const downloads = catchDownloads();
    await renderSettings();
    await userEvent.click(within(section('Account')).getByRole('button', { name: /^Download my data/ }));
    expect(await screen.findByText('Your data was downloaded')).toBeInTheDocument();
    const today = new Date();
    const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    expect(downloads.map((d) => d.name)).toEqual([`outing-ada-${day}.json`]);
    const file = JSON.parse(await readText(downloads[0]!.blob!)) as { profile: { username: string } };
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
          { currency: 'USD', owe: 12.5, owed: 0, toPay: 12.5, toReceive: 0 },
          { currency: 'EUR', owe: 0, owed: 4, toPay: 0, toReceive: 4 },
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
    server.use(http.delete(ACCOUNT_CALL, () => refused('password')));
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
