import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { createAccount, openSignedIn } from '../support/accounts.js';
import { logIn, screenshot } from '../support/auth.js';
import { OwnServer } from '../support/chat.js';

const OFFLINE = "You're offline. Outing will catch up when it can reach the server again.";
const FAKE_ENDPOINT = 'https://push.example.net/send/e2e-device-1';

/** Waits until the service worker controls the page (it claims open pages once it has installed). */
async function controlled(page: Page): Promise<string> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 15_000,
  });
  return page.evaluate(() => navigator.serviceWorker.controller!.scriptURL);
}

/**
 * Chromium here has no push service to talk to, so `PushManager` is replaced in the page by one that hands out a
 * subscription for a fixed endpoint and records what the app asked for. Everything else (worker, server) is real.
 */
async function fakePushService(page: Page): Promise<void> {
  await page.addInitScript((endpoint) => {
    const calls: { userVisibleOnly: boolean; key: number[] }[] = [];
    let unsubscribed = 0;
    let current: object | null = null;
    Object.assign(window, { __push: { calls, unsubscribed: () => unsubscribed } });
    PushManager.prototype.getSubscription = function () {
      return Promise.resolve(current as PushSubscription | null);
    };
    PushManager.prototype.subscribe = function (options?: PushSubscriptionOptionsInit) {
      const key = new Uint8Array(options!.applicationServerKey as Uint8Array);
      calls.push({ userVisibleOnly: options!.userVisibleOnly === true, key: [...key] });
      current = {
        endpoint,
        options: { applicationServerKey: key.slice().buffer, userVisibleOnly: true },
        toJSON: () => ({ endpoint, keys: { auth: 'c2VjcmV0LWF1dGgtMTIzNA', p256dh: `B${'q'.repeat(86)}` } }),
        unsubscribe: () => {
          unsubscribed += 1;
          current = null;
          return Promise.resolve(true);
        },
      };
      return Promise.resolve(current as PushSubscription);
    };
  }, FAKE_ENDPOINT);
}

test('the app is installable: a valid manifest with 192 and 512 icons, maskable too, and no installability errors', async ({
  request,
}) => {
  const manifest = (await (await request.get('/manifest.webmanifest')).json()) as {
    display: string;
    start_url: string;
    icons: { src: string; sizes: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({ display: 'standalone', start_url: '/', short_name: 'Outing' });
  for (const size of ['192x192', '512x512'])
    for (const purpose of ['any', 'maskable']) {
      const icon = manifest.icons.find((i) => i.sizes === size && i.purpose === purpose);
      expect(icon, `${size} ${purpose}`).toBeDefined();
      const res = await request.get(icon!.src);
      expect(res.headers()['content-type']).toBe('image/png');
    }

  // Chrome never offers to install from an incognito profile, which Playwright's contexts are: a real profile.
  const account = await createAccount(request, 'pwa');
  const profile = await mkdtemp(path.join(os.tmpdir(), 'outing-e2e-profile-'));
  const { launchOptions, baseURL } = test.info().project.use;
  const context = await chromium.launchPersistentContext(profile, {
    ...launchOptions,
    baseURL,
    viewport: { width: 390, height: 844 },
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await openSignedIn(page, account, '/');
    await controlled(page);
    // The check Chrome itself runs before it offers to install (Lighthouse's installability audit used it too).
    const cdp = await context.newCDPSession(page);
    const { errors } = (await cdp.send('Page.getAppManifest')) as { errors: { message: string }[] };
    expect(errors).toEqual([]);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
});

test('after login the service worker controls the page and the push subscription is stored; logout removes both', async ({
  browser,
  request,
}) => {
  const account = await createAccount(request, 'push');
  const context = await browser.newContext({ permissions: ['notifications'] });
  const page = await context.newPage();
  await fakePushService(page);
  await page.goto('/login');
  await logIn(page, account.username, account.password);
  await expect(page.getByText(`Welcome, ${account.username}!`)).toBeVisible();
  expect(await controlled(page)).toMatch(/\/service-worker\.js$/);

  const config = (await (await request.get('/v1/config')).json()) as { data: { vapidPublicKey: string } };
  const stored = `/v1/subscriptions/endpoint/${encodeURIComponent(FAKE_ENDPOINT)}`;
  const auth = { authorization: `Bearer ${account.token}` };
  await expect
    .poll(async () => (await request.get(stored, { headers: auth })).status(), { timeout: 10_000 })
    .toBe(200);
  const subscription = (await (await request.get(stored, { headers: auth })).json()) as {
    data: { userId: number };
  };
  expect(subscription.data.userId).toBe(account.id);
  const calls = await page.evaluate(
    () => (window as unknown as { __push: { calls: unknown[] } }).__push.calls,
  );
  const serverKey = Buffer.from(config.data.vapidPublicKey, 'base64url');
  expect(calls).toEqual([{ userVisibleOnly: true, key: [...serverKey] }]);

  // A push reaches the worker: it shows the notification with the message as body and keeps the url to open.
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const live = registrations.find((r) => !r.isDeleted && r.scopeURL.endsWith('/'));
      if (live) resolve(live.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(page.url()).origin,
    registrationId: await registrationId,
    data: JSON.stringify({
      title: 'New Friend Request',
      message: 'ann wants to be friends',
      url: '/friends',
    }),
  });
  // 15 s: with two browsers on two busy cores, the worker may take a while to be woken for the push.
  await expect
    .poll(
      () =>
        page.evaluate(async () =>
          (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
            title: n.title,
            body: n.body,
            url: (n.data as { url: string }).url,
          })),
        ),
      { timeout: 15_000 },
    )
    .toEqual([{ title: 'New Friend Request', body: 'ann wants to be friends', url: '/friends' }]);

  // Logout: the browser subscription is gone and the server's copy too (checked with a fresh token, since logout
  // revokes the old ones).
  await page.getByRole('button', { name: 'Log out' }).click();
  // Logout asks first (issue #21).
  await page.getByRole('alertdialog', { name: 'Log out?' }).getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const unsubscribed = await page.evaluate(() =>
    (window as unknown as { __push: { unsubscribed: () => number } }).__push.unsubscribed(),
  );
  expect(unsubscribed).toBe(1);
  const relogin = await request.post('/v1/auth', {
    data: { username: account.username, password: account.password },
  });
  const fresh = ((await relogin.json()) as { token: string }).token;
  expect((await request.get(stored, { headers: { authorization: `Bearer ${fresh}` } })).status()).toBe(404);
  await context.close();
});

test('with the server down, a reload starts the app from the cache and says it is offline', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const server = await OwnServer.create();
  try {
    await server.start();
    const api = await playwrightRequest.newContext({ baseURL: server.baseUrl });
    const account = await createAccount(api, 'offline');
    await api.dispose();
    const context = await browser.newContext({ baseURL: server.baseUrl });
    const page = await context.newPage();
    await openSignedIn(page, account, '/');
    await expect(page.getByText(`Welcome, ${account.username}!`)).toBeVisible();
    await controlled(page);
    await expect(page.getByText(OFFLINE)).toHaveCount(0);

    await server.kill();
    await page.reload();
    await expect(page.getByText(`Welcome, ${account.username}!`)).toBeVisible();
    await expect(page.getByText(OFFLINE)).toBeVisible();
    // A deep link opens from the cache too.
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
    await expect(page.getByText(OFFLINE)).toBeVisible();
    await screenshot(page, 'offline');

    // Back online: the banner goes by itself.
    await server.start();
    await expect(page.getByText(OFFLINE)).toHaveCount(0, { timeout: 12_000 });
    await context.close();
  } finally {
    await server.dispose();
  }
});
