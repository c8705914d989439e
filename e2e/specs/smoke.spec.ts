import { expect, test } from '@playwright/test';
import { AxeBuilder } from '@axe-core/playwright';

test('a signed-out visitor of / lands on /login, without the bottom bar', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('img', { name: /joint-invite app/i })).toBeVisible();
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Home' })).toHaveCount(0);
});

test('a deep link survives the way through /login', async ({ page }) => {
  await page.goto('/friends/requests');
  await expect(page).toHaveURL(/\/login$/);
  const saved = await page.evaluate(() => JSON.stringify({ ...sessionStorage, ...localStorage }));
  expect(saved).toContain('/friends/requests');
});

test('the web app is served for any deep link, and the API 404s stay JSON', async ({ page, request }) => {
  const res = await page.goto('/room/2b1f1c1e-8a5e-4c61-9a0b-1f0cb1c1f00d/chat');
  expect(res?.status()).toBe(200);
  const api = await request.get('/v1/nope');
  expect(api.status()).toBe(404);
  expect(await api.json()).toMatchObject({ status: 'error', code: 'NOT_FOUND' });
});

test('the login screen has no accessibility violations', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('img', { name: /joint-invite app/i })).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});

test('the six room images are served, each a PNG under 80 KB', async ({ request }) => {
  for (const name of ['birthday', 'gathering', 'party', 'sports', 'travel', 'pets']) {
    const res = await request.get(`/imgs/${name}.png`);
    expect(res.status(), name).toBe(200);
    expect(res.headers()['content-type']).toBe('image/png');
    expect((await res.body()).length).toBeLessThan(80 * 1024);
  }
});
