import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_BASE } from '@/lib/api-client';
import { fail } from '@/mocks/envelope';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/server';
import { makeToken } from '@/test/tokens';
import { mockRoom } from '@/mocks/rooms/handlers';
import { EXPLORE_PAGE_SIZE } from '../api/get-public-rooms';
import { publicRooms, roomIdOf, serveExplore } from '../testing';

/** The query strings of the GET /rooms/public calls made. */
function recordSearches() {
  const searches: URLSearchParams[] = [];
  const record = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    if (url.pathname === '/v1/rooms/public') searches.push(url.searchParams);
  };
  server.events.on('request:start', record);
  return searches;
}

afterEach(() => {
  server.events.removeAllListeners();
});

async function renderExplore(path = '/explore') {
  const view = renderApp(path, { token: makeToken() });
  await screen.findByRole('heading', { level: 1, name: 'Explore' });
  return view;
}

const cards = async () =>
  within(await screen.findByRole('list', { name: 'Public outings' })).getAllByRole('link');

describe('explore', () => {
  // Which rooms are listed (upcoming, public, others', open) and their order: explore.server.test.tsx.

  it('shows going against capacity, says when a room is full, and draws an uploaded picture', async () => {
    server.use(
      http.get(`${API_BASE}/rooms/public`, () =>
        HttpResponse.json({
          status: 'success',
          message: 'OK',
          nextCursor: null,
          data: [
            mockRoom({ id: roomIdOf(1), name: 'Open Jam', goingCount: 3, capacity: 10 }),
            mockRoom({
              id: roomIdOf(2),
              name: 'Tiny Dinner',
              goingCount: 4,
              capacity: 4,
              pictureUrl: '/v1/pictures/abc.webp',
            }),
          ],
        }),
      ),
    );
    await renderExplore();
    const [open, full] = await cards();
    expect(open).toHaveTextContent('3 of 10 going');
    expect(open).not.toHaveTextContent('Full');
    expect(full).toHaveTextContent('4 of 4 going');
    expect(full).toHaveTextContent('Full · waitlist');
    // The own picture, with its smaller renditions for the browser to choose from (the card is ~350 px wide).
    expect(full!.querySelector('img')).toHaveAttribute('src', '/v1/pictures/abc.webp');
    expect(full!.querySelector('source')?.getAttribute('srcset')).toContain(
      '/v1/pictures/abc.webp?w=480 480w',
    );
    expect(open!.querySelector('img')?.getAttribute('src')).toMatch(/^\/imgs\//);
  });

  it('searches by name or venue after a pause, keeping the search in the URL', async () => {
    serveExplore(
      publicRooms(3, (n) => ({
        name: ['Park Run', 'Pub Quiz', 'Book Club'][n - 1],
        venue: ['Hyde Park', 'The Crown', 'Parkside Cafe'][n - 1],
      })),
    );
    const searches = recordSearches();
    const { router } = await renderExplore();
    expect(await cards()).toHaveLength(3);

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search outings by name or venue' }), 'park');
    await waitFor(() => expect(router.state.location.search).toBe('?q=park'));
    await waitFor(async () => expect(await cards()).toHaveLength(2));
    const names = (await cards()).map((l) => l.textContent);
    expect(names[0]).toContain('Park Run');
    expect(names[1]).toContain('Book Club');
    // One search for the whole word, not one a keystroke.
    expect(searches.map((s) => s.get('q'))).toEqual([null, 'park']);
    expect(searches.every((s) => s.get('limit') === String(EXPLORE_PAGE_SIZE))).toBe(true);
  });

  it('starts from ?q= in the URL (a reload keeps the search)', async () => {
    serveExplore(publicRooms(3, (n) => ({ venue: n === 2 ? 'Victoria Park' : `Hall ${n}` })));
    await renderExplore('/explore?q=victoria');
    expect(screen.getByRole('searchbox', { name: 'Search outings by name or venue' })).toHaveValue(
      'victoria',
    );
    const links = await cards();
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveTextContent('Victoria Park');
  });

  it('says when nothing matches, and clearing shows everything again', async () => {
    serveExplore(publicRooms(2));
    const { router } = await renderExplore('/explore?q=zzz');
    expect(await screen.findByText('Nothing matches “zzz”')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(await cards()).toHaveLength(2);
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('the Explore tab again starts afresh: the box follows the URL', async () => {
    serveExplore(publicRooms(2));
    const { router } = await renderExplore('/explore?q=zzz');
    expect(await screen.findByText('Nothing matches “zzz”')).toBeInTheDocument();
    await userEvent.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Explore' }),
    );
    expect(await cards()).toHaveLength(2);
    expect(screen.getByRole('searchbox', { name: 'Search outings by name or venue' })).toHaveValue('');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(router.state.location.search).toBe('');
  });

  it('says when there is nothing to explore', async () => {
    serveExplore([]);
    await renderExplore();
    expect(await screen.findByText('No upcoming public outings yet')).toBeInTheDocument();
  });

  it('loads the next pages with Load more, each room once, until the last', async () => {
    serveExplore(publicRooms(EXPLORE_PAGE_SIZE * 2 + 3));
    const searches = recordSearches();
    await renderExplore();
    expect(await cards()).toHaveLength(EXPLORE_PAGE_SIZE);

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(async () => expect(await cards()).toHaveLength(EXPLORE_PAGE_SIZE * 2));
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(async () => expect(await cards()).toHaveLength(EXPLORE_PAGE_SIZE * 2 + 3));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

    const names = (await cards()).map((l) => within(l).getByText(/^Outing \d+$/).textContent);
    expect(names).toEqual(Array.from({ length: 27 }, (_, i) => `Outing ${String(i + 1).padStart(2, '0')}`));
    expect(searches.map((s) => s.has('cursor'))).toEqual([false, true, true]);
  });

  it('loads the next page by itself when the end of the list scrolls into view', async () => {
    const observed: { callback: IntersectionObserverCallback; node?: Element }[] = [];
    class FakeObserver {
      constructor(callback: IntersectionObserverCallback) {
        observed.push({ callback });
      }
      observe(node: Element) {
        observed.at(-1)!.node = node;
      }
      disconnect() {}
      unobserve() {}
      takeRecords() {
        return [];
      }
    }
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    serveExplore(publicRooms(EXPLORE_PAGE_SIZE + 2));
    await renderExplore();
    expect(await cards()).toHaveLength(EXPLORE_PAGE_SIZE);
    await waitFor(() => expect(observed.length).toBeGreaterThan(0));
    const last = observed.at(-1)!;
    act(() => {
      last.callback([{ isIntersecting: true, target: last.node! } as IntersectionObserverEntry], {} as never);
    });
    await waitFor(async () => expect(await cards()).toHaveLength(EXPLORE_PAGE_SIZE + 2));
    vi.unstubAllGlobals();
  });

  it('shows an error with a retry, and a failed next page keeps what is shown', async () => {
    serveExplore(publicRooms(EXPLORE_PAGE_SIZE + 1));
    server.use(http.get(`${API_BASE}/rooms/public`, () => fail(500, 'INTERNAL', 'boom'), { once: true }));
    await renderExplore();
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await cards()).toHaveLength(EXPLORE_PAGE_SIZE);

    server.use(http.get(`${API_BASE}/rooms/public`, () => fail(500, 'INTERNAL', 'boom'), { once: true }));
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Could not load more outings.')).toBeInTheDocument();
    expect(await cards()).toHaveLength(EXPLORE_PAGE_SIZE);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(async () => expect(await cards()).toHaveLength(EXPLORE_PAGE_SIZE + 1));
  });
});
