import { expect, test, type Page } from '@playwright/test';
import { createAccount } from '../support/accounts.js';
import { createRoomViaApi } from '../support/rooms.js';

// The boot script (apps/web/src/boot): a signed-in load of / or /room/{id} starts the screen's reads and its main
// picture before the app's code has loaded; the app adopts the reads and the <picture> uses the preloaded file.

interface Sent {
  url: string;
  /** The path of the script whose call sent it (the page's own for an inline script), from Chromium's record. */
  script: string | undefined;
}

async function recordRequests(page: Page): Promise<Sent[]> {
  const sent: Sent[] = [];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  cdp.on('Network.requestWillBeSent', ({ request, initiator }) => {
    const frames = initiator.stack?.callFrames ?? [];
    const script = frames[0]?.url ? new URL(frames[0].url).pathname : undefined;
    sent.push({ url: new URL(request.url).pathname + new URL(request.url).search, script });
  });
  return sent;
}

/** Refusals of the Content-Security-Policy the page reports (the boot script is allowed by its hash). */
function cspRefusals(page: Page): string[] {
  const refusals: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refusals.push(message.text());
  });
  return refusals;
}

test('signed in, / starts its reads and its first picture from the boot script, and the app adopts them', async ({
  page,
  request,
}) => {
  const ann = await createAccount(request, 'boot');
  await createRoomViaApi(request, ann, { name: 'Older trip', venue: 'Harbour', image: 'travel' });
  await createRoomViaApi(request, ann, { name: 'Newest party', venue: 'Loft', image: 'party' });
  await page.addInitScript((token) => window.localStorage.setItem('accessToken', token), ann.token);
  const sent = await recordRequests(page);
  const refusals = cspRefusals(page);
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));

  await page.goto('/');
  const tile = page.getByRole('link', { name: /Newest party/ });
  await expect(tile).toBeVisible();
  const picture = tile.locator('img');
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeTruthy();

  // The six first reads were sent once each by the boot script, and the app asked for none of them itself
  // before the socket's catch-up (which re-reads what was fetched before it connected).
  for (const path of [
    '/v1/transactions?isPaid=false&role=payer&limit=20',
    '/v1/transactions?isPaid=false&role=payee&limit=20',
    '/v1/transactions?isPaid=true&status=paid&limit=20',
    '/v1/rooms?limit=20',
    '/v1/rooms/invites/count',
    '/v1/balances',
  ]) {
    const first = sent.find((s) => s.url === path);
    // The page's inline boot script, not the app's chunks (/assets/…).
    expect(first?.script, path).toBe('/');
  }
  const left = await page.evaluate(() => {
    const early = (window as { __outingEarlyCalls?: { calls: Record<string, unknown> } }).__outingEarlyCalls;
    return early ? Object.keys(early.calls) : ['no early calls were left'];
  });
  expect(left).toEqual([]);

  // The picture the tile shows is the file the boot script preloaded, downloaded once.
  const shown = new URL(await picture.evaluate((img: HTMLImageElement) => img.currentSrc)).pathname;
  expect(shown).toMatch(/^\/imgs\/party-\d+\.webp$/);
  expect(sent.filter((s) => s.url === shown)).toHaveLength(1);
  const preload = page.locator('link[rel="preload"][as="image"]');
  await expect(preload).toHaveAttribute('imagesrcset', new RegExp(`${shown}\\b`));
  expect(refusals).toEqual([]);
  // The format warm-up (apps/web decision 017) ran in a worker made from the boot script's blob.
  expect(workers.filter((url) => url.startsWith('blob:'))).toHaveLength(1);
});

test('signed in, /room/{id} reads the room and preloads its header picture from the boot script', async ({
  page,
  request,
}) => {
  const ben = await createAccount(request, 'bootroom');
  const room = await createRoomViaApi(request, ben, {
    name: 'Ski weekend',
    venue: 'Chalet',
    image: 'sports',
  });
  await page.addInitScript((token) => window.localStorage.setItem('accessToken', token), ben.token);
  const sent = await recordRequests(page);

  await page.goto(`/room/${room.id}`);
  await expect(page.getByRole('heading', { name: 'Ski weekend', level: 1 })).toBeVisible();
  const header = page.locator('header img').first();
  await expect
    .poll(() => header.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeTruthy();

  const read = sent.find((s) => s.url === `/v1/rooms/${room.id}`);
  expect(read?.script).toBe(`/room/${room.id}`);
  const shown = new URL(await header.evaluate((img: HTMLImageElement) => img.currentSrc)).pathname;
  expect(shown).toMatch(/^\/imgs\/sports-\d+\.webp$/);
  expect(sent.filter((s) => s.url === shown)).toHaveLength(1);
});

test('signed out, the boot script preloads the sign-in screen and reads nothing', async ({ page }) => {
  const sent = await recordRequests(page);
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.locator('link[rel="modulepreload"][href*="/assets/login-page-"]')).toHaveCount(1);
  expect(sent.filter((s) => s.url.startsWith('/v1/') && !s.script?.startsWith('/assets/'))).toEqual([]);
});

test('the first paint shows a loading state while the scripts download, not a blank page', async ({
  page,
}) => {
  // The app's entry is held back: what the page shows then is index.html and its stylesheet alone.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/login', { waitUntil: 'commit' });
  const spinner = page.locator('#root .animate-spin');
  await expect(spinner).toBeVisible();
  const box = await spinner.boundingBox();
  expect(box?.width).toBe(40);

  release();
  // The app's first render replaces it.
  await expect(page.getByRole('textbox', { name: 'Username or email' })).toBeVisible();
  await expect(page.locator('#root > div > span.animate-spin')).toHaveCount(0);
});

test('without JavaScript the page says it needs it, and shows no spinner', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/login');
  // (Playwright's text queries skip <noscript>: its paragraph is found by tag.)
  const message = page.locator('noscript > p[lang="en"]');
  await expect(message).toBeVisible();
  await expect(message).toHaveText('Outing needs JavaScript to run.');
  await expect(page.locator('#root .animate-spin')).toBeHidden();
  await context.close();
});
