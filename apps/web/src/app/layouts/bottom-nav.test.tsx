import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';
import { makeToken } from '../../test/tokens';

/** Heroicons' solid icons are filled; the outline ones are stroked. */
function iconStyle(link: HTMLElement): 'solid' | 'outline' {
  const svg = link.querySelector('svg');
  if (!svg) throw new Error('no icon');
  return svg.getAttribute('fill') === 'none' && svg.getAttribute('stroke') === 'currentColor'
    ? 'outline'
    : 'solid';
}

const TABS = ['Home', 'Explore', 'Notifications', 'Profile'];

async function renderTab(path: string) {
  const view = renderApp(path, { token: makeToken() });
  const nav = await screen.findByRole('navigation', { name: 'Main' });
  const link = (name: string) => within(nav).getByRole('link', { name });
  return { ...view, link };
}

describe('bottom navigation', () => {
  it.each([
    ['/', 'Home'],
    ['/explore', 'Explore'],
    ['/profile', 'Profile'],
    ['/notifications', 'Notifications'],
  ])('on %s marks %s as current with a solid icon, the others outline', async (path, active) => {
    const { link } = await renderTab(path);
    for (const name of TABS) {
      if (name === active) {
        expect(link(name)).toHaveAttribute('aria-current', 'page');
        expect(iconStyle(link(name))).toBe('solid');
      } else {
        expect(link(name)).not.toHaveAttribute('aria-current');
        expect(iconStyle(link(name))).toBe('outline');
      }
    }
  });

  it('shows Home, Explore, Notifications and Profile in that order, each named in words', async () => {
    await renderTab('/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(TABS);
  });

  it('keeps Explore current with a search in the URL', async () => {
    const { link } = await renderTab('/explore?q=park');
    expect(link('Explore')).toHaveAttribute('aria-current', 'page');
  });

  it('links to /, /explore, /profile and /notifications, passing state from /', async () => {
    const { link, router } = await renderTab('/');
    expect(link('Home')).toHaveAttribute('href', '/');
    expect(link('Explore')).toHaveAttribute('href', '/explore');
    expect(link('Profile')).toHaveAttribute('href', '/profile');
    expect(link('Notifications')).toHaveAttribute('href', '/notifications');

    await userEvent.click(link('Notifications'));
    expect(await screen.findByRole('heading', { name: 'Notifications' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/notifications');
    expect(router.state.location.state).toEqual({ from: '/' });
    expect(link('Notifications')).toHaveAttribute('aria-current', 'page');
  });

  it.each(['/rooms', '/room/r1/chat', '/profile/edit'])(
    'is not shown on %s, which has a back button',
    async (path) => {
      renderApp(path, { token: makeToken() });
      expect(await screen.findByRole('button', { name: 'Back' })).toBeInTheDocument();
      expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    },
  );

  it('is not shown on public routes', async () => {
    renderApp('/signup');
    expect(await screen.findByRole('heading', { name: 'Sign up' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });
});
