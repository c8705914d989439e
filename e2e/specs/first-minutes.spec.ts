import { fileURLToPath } from 'node:url';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { uniqueName } from '../support/accounts.js';
import { mailCount, screenshot, waitForNewCode } from '../support/auth.js';

// Issue #21, the first minutes: a first-time visitor is welcomed, signs up, and the mailed code signs them in;
// a friend who is not on Outing signs up through a personal invite link and finds the friend request waiting.

const docsScreenshot = (name: string) =>
  fileURLToPath(new URL(`../../docs/screenshots/${name}.png`, import.meta.url));

// An empty browser: never signed in here, so the welcome screen rather than the login form.
test.use({ storageState: { cookies: [], origins: [] } });

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

/** Fills the sign-up form and sends it; the code mailed to the address, read from the mail stand-in, is typed. */
async function signUpAndVerify(page: Page, username: string): Promise<void> {
  const email = `${username.toLowerCase()}@example.com`;
  await expect(page.getByRole('heading', { name: 'Sign up' })).toBeVisible();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('secret123');
  await page.getByLabel('Confirm password', { exact: true }).fill('secret123');
  const seen = await mailCount(email);
  await page.getByRole('button', { name: 'Sign up' }).click();

  await expect(page).toHaveURL(/\/otp$/);
  // The first box has the cursor on arrival: the user types straight away, and the sixth digit sends the code.
  await expect(page.getByLabel('Digit 1 of 6')).toBeFocused();
  const code = await waitForNewCode(email, seen);
  await page.keyboard.type(code);

  // Signed in by the code: Home, no password asked again.
  await expect(page.getByRole('heading', { name: `Welcome, ${username}!` })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
}

async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: { width: 390, height: 844 },
    locale: 'en-GB',
    timezoneId: 'UTC',
    reducedMotion: 'reduce',
    storageState: { cookies: [], origins: [] },
  });
  return context.newPage();
}

test('welcome → sign up → code signs in → invite link → the friend signs up and finds the request', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);

  // A first-time visitor at / is welcomed, not asked to log in.
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Welcome to Outing' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Plan outings with your friends')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: docsScreenshot('welcome'), animations: 'disabled', caret: 'hide' });
  await screenshot(page, 'welcome');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoAxeViolations(page);
  await screenshot(page, 'welcome-dark');
  await page.emulateMedia({ colorScheme: 'light' });

  await page.getByRole('link', { name: 'Sign up' }).click();
  const ann = uniqueName('ann');
  await signUpAndVerify(page, ann);

  // Ann invites a friend who is not on Outing.
  await page.goto('/friends');
  await page.getByRole('button', { name: 'Invite a friend' }).click();
  const linkField = page.getByRole('textbox', { name: 'Your invite link' });
  await expect(linkField).toHaveValue(/\/invite\/[A-Za-z0-9_-]{16}$/);
  const link = await linkField.inputValue();
  await expectNoAxeViolations(page);
  await screenshot(page, 'invite-friend');

  // The friend opens it in a browser that has never seen Outing.
  const friendPage = await freshPage(browser);
  try {
    await friendPage.goto(new URL(link).pathname);
    await expect(friendPage.getByRole('heading', { name: `${ann} invited you to Outing` })).toBeVisible();
    await expectNoAxeViolations(friendPage);
    await screenshot(friendPage, 'invite-landing');
    await friendPage.getByRole('link', { name: 'Sign up' }).click();
    await expect(friendPage).toHaveURL(/\/signup\?invite=/);
    await expect(friendPage.getByText(`${ann} invited you.`)).toBeVisible();
    const ben = uniqueName('ben');
    await signUpAndVerify(friendPage, ben);

    // Ann's friend request is waiting for Ben, who accepts it.
    await friendPage.goto('/friends/requests');
    const accept = friendPage.getByRole('button', { name: `Accept request from ${ann}` });
    await expect(accept).toBeVisible();
    await accept.click();
    await friendPage.goto('/friends');
    await expect(friendPage.getByRole('list').getByText(ann)).toBeVisible();

    // A link that does not work says so, with a plain sign-up.
    const stranger = await freshPage(browser);
    await stranger.goto('/invite/AAAAAAAAAAAAAAAA');
    await expect(stranger.getByRole('heading', { name: 'This invite link does not work' })).toBeVisible();
    await expect(stranger.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
    await stranger.context().close();
  } finally {
    await friendPage.context().close();
  }
});
