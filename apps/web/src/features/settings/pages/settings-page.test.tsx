import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { API_BASE } from '@/lib/api-client';
import { fail } from '@/mocks/envelope';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/server';
import { makeToken } from '@/test/tokens';
import { renderSettings, section } from './settings-page.testing';

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

// Preferences saved and read back are the server's: settings.server.test.tsx.
describe('notifications', () => {
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
