import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { mailsTo } from './mail.js';

const CODE = /Your Outing code: (\d{6})/;
const screenshots = fileURLToPath(new URL('../screenshots/', import.meta.url));

/** How many mails `email` has had so far: pass it to `waitForNewCode` before the action that mails a code. */
export async function mailCount(email: string): Promise<number> {
  return (await mailsTo(email)).length;
}

/** The code of the first mail to `email` after the first `seen` ones (a fresh code, not an older one). */
export async function waitForNewCode(email: string, seen: number, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const mail of (await mailsTo(email)).slice(seen)) {
      const match = CODE.exec(mail.raw);
      if (match?.[1]) return match[1];
    }
    if (Date.now() > deadline) throw new Error(`no new code mailed to ${email} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Types a code into the six boxes the way a user does: tap the first box, type the digits. The sixth digit sends
 * the code by itself (issue #21); a right verify-email code signs the user in.
 */
export async function enterCode(page: Page, code: string): Promise<void> {
  await page.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(code);
}

export async function logIn(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('Username or email').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/**
 * Saves `e2e/screenshots/<name>.png` at the 390×844 viewport, and `<name>-320.png` at 320 px wide (the narrowest
 * width the app supports) for review.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({
    path: path.join(screenshots, `${name}.png`),
    animations: 'disabled',
    caret: 'hide',
  });
  const size = page.viewportSize();
  if (!size) return;
  await page.setViewportSize({ width: 320, height: 640 });
  await page.screenshot({
    path: path.join(screenshots, `${name}-320.png`),
    animations: 'disabled',
    caret: 'hide',
    fullPage: true,
  });
  await page.setViewportSize(size);
}

/**
 * Opens `path` signed in as `account`: stores its token once, where the app keeps it. (Unlike an init script, a
 * later reload does not put it back, so a logout or a token the app replaces stays as the app left it.)
 */
export async function openWithToken(page: Page, token: string, path = '/'): Promise<void> {
  await page.goto('/login');
  await page.evaluate((value) => localStorage.setItem('accessToken', value), token);
  await page.goto(path);
}
