import { AxeBuilder } from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { createAccount } from '../support/accounts.js';
import { openWithToken, screenshot } from '../support/auth.js';
import { createRoomViaApi } from '../support/rooms.js';

// Issue #22 item 2 (docs/pagination.md): the web app reads its lists a page (20) at a time from the real server,
// and loads the next page as the end of the list scrolls into view, with a Load more button to fall back on.

for (const theme of ['light', 'dark'] as const) {
  test(`${theme}: /rooms shows 20 rooms, then the rest as the end scrolls into view`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const account = await createAccount(request, `pages_${theme}`);
    const tag = Date.now().toString(36).slice(-4);
    for (let i = 0; i < 23; i += 1) {
      await createRoomViaApi(request, account, {
        name: `Paged ${tag} ${String(i).padStart(2, '0')}`,
        venue: 'Hyde Park',
      });
    }
    const pages: { limit: string | null; cursor: boolean }[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.pathname === '/v1/rooms' && req.method() === 'GET') {
        pages.push({ limit: url.searchParams.get('limit'), cursor: url.searchParams.has('cursor') });
      }
    });
    // The next page fails (the first try and the client's two retries): the 20 stay, and Try again loads it.
    let failures = 0;
    await page.route(/\/v1\/rooms\?.*cursor=/, async (route) => {
      if (failures >= 3) return route.fallback();
      failures += 1;
      await route.fulfill({
        status: 500,
        json: { status: 'error', message: 'boom', code: 'INTERNAL', data: null },
      });
    });
    await page.addInitScript((choice) => localStorage.setItem('outing.theme', choice), theme);
    await page.setViewportSize({ width: 390, height: 844 });
    await openWithToken(page, account.token, '/rooms');

    const list = page.getByRole('list', { name: 'Your rooms' });
    await expect(list.getByRole('link')).toHaveCount(20);
    // Newest update first: the last created is on top, the first three wait for the next page.
    await expect(list.getByRole('link').first()).toContainText(`Paged ${tag} 22`);
    await expect(list).not.toContainText(`Paged ${tag} 02`);
    await page.getByRole('button', { name: 'Load more' }).scrollIntoViewIfNeeded();
    await expect(page.getByText('Could not load more rooms.')).toBeVisible();
    await expect(list.getByRole('link')).toHaveCount(20);
    await screenshot(page, `lists-rooms-failed-${theme}`);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(list.getByRole('link')).toHaveCount(23);
    const more = page.getByRole('button', { name: 'Load more' });
    await expect(list.getByRole('link').last()).toContainText(`Paged ${tag} 00`);
    await expect(more).toHaveCount(0);
    const asked = pages.filter((p) => p.limit === '20').map((p) => p.cursor);
    // The first page without a cursor, the next ones with one (the socket's catch-up once it connects may read the
    // first page again: realtime/cache-sync.ts).
    expect(asked[0]).toBe(false);
    expect(asked.filter(Boolean).length).toBeGreaterThanOrEqual(1);
    expect(asked.filter((cursor) => !cursor).length).toBeLessThanOrEqual(2);

    const results = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
    await screenshot(page, `lists-rooms-end-${theme}`);

    // Home keeps the first page, with See all.
    await page.goto('/');
    const recent = page.getByRole('list', { name: 'Recent rooms' });
    await expect(recent.getByRole('link')).toHaveCount(20);
    await expect(page.getByRole('link', { name: /See all/ })).toHaveAttribute('href', '/rooms');
  });
}
