import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AuthContextValue } from '@/hooks/auth-context';
import { useAuth } from '@/hooks/use-auth';
import { REDIRECT_PATH_STORAGE_KEY, saveRedirectPath } from '@/lib/redirect-path';
import { renderApp } from '@/test/render-app';
import { makeToken } from '@/test/tokens';
import { MOCK_ROOM_IDS } from '@/mocks/rooms/handlers';

const LOGO_ALT = 'Outing – the joint-invite app';

const protectedScreens: [string, string][] = [
  ['/profile', 'Profile'],
  ['/notifications', 'Notifications'],
  ['/friends', 'Friends'],
  ['/friends/requests', 'Friend requests'],
  ['/rooms', 'Rooms'],
  ['/rooms/create', 'Create room'],
  ['/rooms/invites', 'Room invites'],
  ['/explore', 'Explore'],
  ['/settings/calendar', 'Calendar & reminders'],
  ['/room/r1/chat', 'Chat'],
  ['/room/r1/edit', 'Edit room'],
  ['/room/r1/bill/create', 'Add bill'],
  ['/room/r1/bill/5/edit', 'Edit bill'],
];

const publicScreens: [string, string][] = [
  ['/login', 'Welcome back'],
  ['/signup', 'Sign up'],
  ['/otp', 'Verify code'],
  ['/password/forgot', 'Forgot password'],
  ['/password/reset', 'Reset password'],
  ['/auth/google/callback', 'Google sign-in'],
];

async function findLoginScreen() {
  return screen.findByRole('img', { name: LOGO_ALT });
}

describe('protected routes', () => {
  it('send an unauthenticated visitor to /login and save the intended path', async () => {
    const { router } = renderApp('/rooms/invites?tab=mine#top');
    await findLoginScreen();
    expect(router.state.location.pathname).toBe('/login');
    expect(sessionStorage.getItem(REDIRECT_PATH_STORAGE_KEY)).toBe('/rooms/invites?tab=mine#top');
  });

  it.each([['/', 'Home'], ...protectedScreens])('guard %s', async (path) => {
    const { router } = renderApp(path);
    await findLoginScreen();
    expect(router.state.location.pathname).toBe('/login');
    expect(sessionStorage.getItem(REDIRECT_PATH_STORAGE_KEY)).toBe(path);
  });

  it.each(protectedScreens)('render %s for a signed-in user (%s)', async (path, title) => {
    renderApp(path, { token: makeToken() });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  });

  it('guard /profile/edit', async () => {
    const { router } = renderApp('/profile/edit');
    await findLoginScreen();
    expect(router.state.location.pathname).toBe('/login');
    expect(sessionStorage.getItem(REDIRECT_PATH_STORAGE_KEY)).toBe('/profile/edit');
  });

  it('send a visitor with an expired token to /login, keeping the intended path', async () => {
    const { router } = renderApp('/friends', {
      token: makeToken({ exp: Math.floor(Date.now() / 1000) - 5 }),
    });
    await findLoginScreen();
    expect(router.state.location.pathname).toBe('/login');
    expect(sessionStorage.getItem(REDIRECT_PATH_STORAGE_KEY)).toBe('/friends');
  });
});

describe('public routes', () => {
  it.each(publicScreens)('render %s for a visitor (%s)', async (path, title) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  });

  it('show the login screen with the logo', async () => {
    renderApp('/login');
    await findLoginScreen();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });

  it.each(['/login', '/signup', '/otp', '/password/forgot', '/password/reset', '/auth/google/callback'])(
    'send a signed-in user on %s to /',
    async (path) => {
      const { router } = renderApp(path, { token: makeToken() });
      expect(await screen.findByRole('heading', { name: 'Welcome, ada!' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/');
    },
  );

  it('send a signed-in user to the saved path, once', async () => {
    saveRedirectPath('/rooms?tab=mine');
    const { router } = renderApp('/login', { token: makeToken() });
    expect(await screen.findByRole('heading', { name: 'Rooms' })).toBeInTheDocument();
    expect(router.state.location.pathname + router.state.location.search).toBe('/rooms?tab=mine');
    expect(sessionStorage.getItem(REDIRECT_PATH_STORAGE_KEY)).toBeNull();
  });

  it('ignore an unsafe saved path', async () => {
    sessionStorage.setItem(REDIRECT_PATH_STORAGE_KEY, '//evil.com');
    const { router } = renderApp('/login', { token: makeToken() });
    expect(await screen.findByRole('heading', { name: 'Welcome, ada!' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('login round trip', () => {
  it('returns to the intended path after login(token)', async () => {
    let auth: AuthContextValue | undefined;
    function Capture() {
      auth = useAuth();
      return null;
    }
    const { router } = renderApp('/rooms?tab=mine', { outsideRouter: <Capture /> });
    await findLoginScreen();

    await act(async () => {
      await auth?.login(makeToken());
    });
    expect(await screen.findByRole('heading', { name: 'Rooms' })).toBeInTheDocument();
    expect(router.state.location.pathname + router.state.location.search).toBe('/rooms?tab=mine');
  });
});

describe('a room link', () => {
  const football = `/room/${MOCK_ROOM_IDS.football}`;

  it('shows a signed-out visitor the preview, not the login screen, and saves no path', async () => {
    const { router } = renderApp(`${football}?join=true`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sunday Football' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign up to join' })).toHaveAttribute('href', '/signup');
    expect(router.state.location.pathname).toBe(football);
    expect(sessionStorage.getItem(REDIRECT_PATH_STORAGE_KEY)).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('shows a signed-in user the room page', async () => {
    renderApp(football, { token: makeToken() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sunday Football' })).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: /Attendees/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign up to join' })).not.toBeInTheDocument();
  });

  it.each([
    ['signed out', undefined],
    ['signed in', makeToken()],
  ])('/room/{id}/preview opens %s', async (_who, token) => {
    renderApp(`/room/${MOCK_ROOM_IDS.dogPark}/preview`, { token });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dog Park Meetup' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Details' })).toBeInTheDocument();
  });

  it('other room screens still ask a signed-out visitor to log in', async () => {
    const { router } = renderApp(`${football}/chat`);
    await findLoginScreen();
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('the old split page', () => {
  const football = `/room/${MOCK_ROOM_IDS.football}`;

  it('sends its links to the room’s Money section, in place of the old entry', async () => {
    const scrolledTo: Element[] = [];
    // jsdom has no scrollIntoView: record what the app asks to scroll into view.
    Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
      scrolledTo.push(this);
    });
    try {
      const { router } = renderApp(`${football}/bill/split`, { token: makeToken() });
      const money = await screen.findByRole('region', { name: /^Money/ });
      expect(screen.getByRole('heading', { level: 1, name: 'Sunday Football' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe(football);
      expect(router.state.location.hash).toBe('#money');
      expect(router.state.historyAction).toBe('REPLACE');
      expect(money).toHaveAttribute('id', 'money');
      await waitFor(() => expect(scrolledTo).toContain(money));
    } finally {
      Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
    }
  });

  it('sends a signed-out visitor to the room link (its preview), not the login screen', async () => {
    const { router } = renderApp(`${football}/bill/split`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sunday Football' })).toBeInTheDocument();
    expect(router.state.location.pathname + router.state.location.hash).toBe(`${football}#money`);
    expect(router.state.historyAction).toBe('REPLACE');
    expect(sessionStorage.getItem(REDIRECT_PATH_STORAGE_KEY)).toBeNull();
  });
});

describe('unknown paths', () => {
  it.each(['/nope', '/room', '/rooms/r1/unknown'])('show a friendly not-found page for %s', async (path) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to home' })).toHaveAttribute('href', '/');
  });
});
