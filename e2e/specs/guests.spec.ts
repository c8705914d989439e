import { fileURLToPath } from 'node:url';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { createAccount, uniqueName } from '../support/accounts.js';
import { enterCode, mailCount, waitForNewCode } from '../support/auth.js';
import { auth, consolidateViaApi, createBillViaApi, personPage } from '../support/bills.js';
import { createRoomIn } from '../support/money.js';

// Issue 35: a friend takes part from the host's guest link without an account, pays like anyone, and keeps it all
// by making an account; the host removes another guest.

const shot = (name: string) => fileURLToPath(new URL(`../../docs/screenshots/${name}.png`, import.meta.url));

async function expectNoAxeViolations(page: Page) {
  await expect(page.locator('[data-variant][data-state]')).toHaveCount(0, { timeout: 6000 });
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
}

/** A browser of its own with no account and nothing stored (en-GB, UTC, 390×844). */
async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: { width: 390, height: 844 },
    locale: 'en-GB',
    timezoneId: 'UTC',
  });
  return context.newPage();
}

/** Opens the guest link and joins as `name`: the guest's room, with its bar. */
async function joinAsGuest(page: Page, link: string, name: string, roomName: string) {
  await page.goto(link);
  await expect(page.getByRole('heading', { name: roomName })).toBeVisible();
  await page.getByLabel('Your name').fill(name);
  await page.getByRole('button', { name: 'Join as a guest' }).click();
  await expect(page.getByText(`You're a guest in ${roomName}`)).toBeVisible();
}

test('a guest joins from the link, RSVPs, pays, keeps it all in a new account; the host removes another guest', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const host = await createAccount(request, 'host');
  const roomName = `Dinner at Jumbo ${Date.now().toString(36).slice(-4)}`;
  const room = await createRoomIn(request, host, [], 'SGD', roomName);

  // The host turns the guest link on in the share sheet and copies it.
  const hostPage = await personPage(browser, host, `/room/${room.id}`);
  await hostPage.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await hostPage.getByRole('button', { name: 'Share' }).first().click();
  const sheet = hostPage.getByRole('dialog', { name: 'Share' });
  const toggle = sheet.getByRole('switch', { name: 'Anyone with this link can join as a guest' });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  const link = (await sheet.getByTestId('guest-link-url').textContent())!.trim();
  expect(link).toMatch(/\/g\/[A-Za-z0-9_-]{22,}$/);
  await sheet.getByRole('button', { name: 'Copy guest link' }).click();
  expect(await hostPage.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await hostPage.screenshot({ path: shot('guest-link-share-sheet') });
  await hostPage.keyboard.press('Escape');
  const path = new URL(link).pathname;

  // Mei, with no account, opens the link: the preview with Join as a guest beside Sign up and Log in.
  const mei = await freshPage(browser);
  // Nothing a guest's screens ask for is outside its scope: no call of hers is refused 403.
  const refused: string[] = [];
  mei.on('response', (response) => {
    if (response.status() === 403) refused.push(`${response.request().method()} ${response.url()}`);
  });
  await mei.goto(path);
  await expect(mei.getByRole('heading', { name: roomName })).toBeVisible();
  await expect(mei.getByRole('link', { name: 'Sign up' })).toBeVisible();
  await expect(mei.getByRole('link', { name: 'Log in' })).toBeVisible();
  // An empty name is refused before anything is sent.
  await mei.getByRole('button', { name: 'Join as a guest' }).click();
  await expect(mei.getByText('Enter your name')).toBeVisible();
  await mei.getByLabel('Your name').fill('Mei');
  await expectNoAxeViolations(mei);
  await mei.screenshot({ path: shot('guest-join') });
  await mei.getByRole('button', { name: 'Join as a guest' }).click();
  await expect(mei.getByText(`You're a guest in ${roomName}`)).toBeVisible();
  await expect(mei).toHaveURL(new RegExp(`/room/${room.id}$`));

  // She RSVPs Maybe, then Going.
  const answers = mei.getByRole('group', { name: `Your answer for ${roomName}` });
  await answers.getByRole('button', { name: 'Maybe' }).click();
  await expect(answers.getByRole('button', { name: 'Maybe' })).toHaveAttribute('aria-pressed', 'true');
  await answers.getByRole('button', { name: 'Going' }).click();
  await expect(answers.getByRole('button', { name: 'Going' })).toHaveAttribute('aria-pressed', 'true');

  // The rest of the app is closed to a guest: Home sends her back to her room.
  await mei.goto('/');
  await expect(mei).toHaveURL(new RegExp(`/room/${room.id}$`));
  await expect(mei.getByText(`You're a guest in ${roomName}`)).toBeVisible();
  // Reopening the guest link on her phone takes her back in as Mei, not to a new guest.
  await mei.goto(path);
  await expect(mei).toHaveURL(new RegExp(`/room/${room.id}$`));
  await expect(mei.getByText(`You're a guest in ${roomName}`)).toBeVisible();

  // She says hello in the chat; the host reads it live, her name marked as a guest's.
  await mei.getByRole('link', { name: 'Chat' }).click();
  await mei.getByRole('textbox', { name: 'Message' }).fill('Hi all, Mei here!');
  await mei.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(mei.getByText('Hi all, Mei here!')).toBeVisible();
  await mei.getByRole('button', { name: 'Back' }).click();
  await expect(mei).toHaveURL(new RegExp(`/room/${room.id}$`));

  // Her own payment handles are hers to set, as anyone's (she could be owed money).
  await mei.getByRole('link', { name: 'How you get paid' }).click();
  await expect(mei.getByText('Your handles are shown only to people who owe you money.')).toBeVisible();
  await mei.getByRole('button', { name: 'Back' }).click();
  await expect(mei).toHaveURL(new RegExp(`/room/${room.id}$`));

  // Her personal link opens her on another device (the secret after '#', never sent to the server as a URL).
  await mei.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await mei.getByRole('button', { name: 'Open on another device' }).click();
  const deviceSheet = mei.getByRole('dialog', { name: 'Open on another device' });
  await deviceSheet.getByRole('button', { name: 'Create my personal link' }).click();
  const personal = (await deviceSheet.getByTestId('device-link-url').textContent())!.trim();
  expect(personal).toMatch(/\/guest\/open#[A-Za-z0-9_-]{22,}$/);
  await expectNoAxeViolations(mei);
  await mei.screenshot({ path: shot('guest-personal-link') });
  await mei.keyboard.press('Escape');
  const laptop = await freshPage(browser);
  await laptop.goto(new URL(personal).pathname + new URL(personal).hash);
  await expect(laptop.getByText(`You're a guest in ${roomName}`)).toBeVisible();
  await expect(laptop).toHaveURL(new RegExp(`/room/${room.id}$`)); // the secret is gone from the address
  await expect(
    laptop.getByRole('group', { name: `Your answer for ${roomName}` }).getByRole('button', { name: 'Going' }),
  ).toHaveAttribute('aria-pressed', 'true');

  // The host sees her marked as a guest, and puts her in a bill: 30.00 shared by both, paid by the host.
  await hostPage.reload();
  await expect(
    hostPage.getByRole('listitem').filter({ hasText: 'Mei' }).getByText('guest', { exact: true }),
  ).toBeVisible();
  const meiId = await idOf(request, host, room.id, 'Mei');
  await createBillViaApi(request, host, {
    roomId: room.id,
    name: 'Chilli crab',
    amount: 30,
    payers: [meiId],
    includeOwner: true,
  });
  await consolidateViaApi(request, host, room.id);

  // Mei pays with the pay sheet: the room's Money section names what she owes.
  await mei.reload();
  await expect(mei.getByText(`You're a guest in ${roomName}`)).toBeVisible();
  await mei.screenshot({ path: shot('guest-room'), fullPage: false });
  const pay = mei.getByRole('button', { name: new RegExp(`^Pay SGD\\s15\\.00 to ${host.username}$`) });
  await pay.click();
  await mei.getByRole('button', { name: 'I’ve paid' }).click();
  await mei.getByRole('button', { name: 'Yes, I’ve paid' }).click();
  await expect(mei.getByText(/^Marked as paid — waiting for .+ to confirm$/).last()).toBeVisible();
  await expect.poll(() => transactionStatus(request, host, room.id)).toBe('paid');
  // What the Money section says to her now: paid 0.00, share 15.00, square (her payment counts).
  const figures = async (page: Page) =>
    (
      await page
        .getByRole('region', { name: /^Money/ })
        .getByRole('definition')
        .allTextContents()
    ).slice(0, 3);
  await mei.reload();
  await expect(mei.getByRole('region', { name: /^Money/ }).getByText('You are square')).toBeVisible();
  // Polled: a reload first shows the section this device kept from before the bill (square too), then the fresh one.
  const before = ['SGD\u00a00.00', 'SGD\u00a015.00', 'SGD\u00a00.00'];
  await expect.poll(() => figures(mei)).toEqual(before);

  expect(refused).toEqual([]);

  // She keeps it: creates an account, and finds the same room and the same payment, now hers.
  await mei.getByRole('button', { name: 'Keep your outings: create an account' }).click();
  await expect(mei.getByRole('heading', { name: 'Sign up' })).toBeVisible();
  await expect(mei.getByText(`keep ${roomName}`)).toBeVisible();
  await mei.screenshot({ path: shot('guest-keep-signup') });
  const username = uniqueName('mei');
  const email = `${username.toLowerCase()}@example.com`;
  await mei.getByLabel('Username').fill(username);
  await mei.getByLabel('Email').fill(email);
  await mei.getByLabel('Password', { exact: true }).fill('secret123');
  await mei.getByLabel('Confirm password', { exact: true }).fill('secret123');
  const seen = await mailCount(email);
  await mei.getByRole('button', { name: 'Sign up' }).click();
  await expect(mei).toHaveURL(/\/otp$/);
  await enterCode(mei, await waitForNewCode(email, seen));
  await expect(mei.getByText(`${roomName} is in your account now`)).toBeVisible({ timeout: 15_000 });
  await expect(mei).toHaveURL(new RegExp(`/room/${room.id}$`));
  await expect(mei.getByText(`You're a guest in ${roomName}`)).toHaveCount(0);
  await expect(
    mei.getByRole('group', { name: `Your answer for ${roomName}` }).getByRole('button', { name: 'Going' }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expect(mei.getByRole('region', { name: /^Money/ }).getByText('You are square')).toBeVisible();
  await expect.poll(() => figures(mei)).toEqual(before);
  await mei.screenshot({ path: shot('guest-claimed') });
  // The server agrees: the account is the member, the payment is the account's, nobody is a guest any more.
  const account = await signedInId(request, email, username);
  const members = await attendeesOf(request, host, room.id);
  expect(members.map((m) => m.id).sort()).toEqual([host.id, account.id].sort());
  expect(members.some((m) => m.isGuest)).toBe(false);
  const [tx] = await roomTransactions(request, host, room.id);
  expect(tx).toMatchObject({ payerId: account.id, payeeId: host.id, amount: 15, status: 'paid' });
  // Her laptop's guest session is over: the guest is gone into the account.
  await laptop.reload();
  await expect(laptop.getByText(`You're a guest in ${roomName}`)).toHaveCount(0);
  // Signed out there: the room's link shows its preview.
  await expect(laptop.getByRole('link', { name: 'Log in' })).toBeVisible();

  // Home is hers now (she has an account): it no longer sends her back to the room.
  await mei.goto('/');
  await expect(mei).toHaveURL(/\/$/);
  await expect(mei.getByRole('link', { name: 'Profile' })).toBeVisible();

  // A third browser joins as Kai; the host removes him, and his session ends.
  const kai = await freshPage(browser);
  await joinAsGuest(kai, path, 'Kai', roomName);
  await hostPage.reload();
  const kaiRow = hostPage.getByRole('listitem').filter({ hasText: 'Kai' });
  await kaiRow.getByRole('button', { name: 'Remove Kai' }).click();
  const confirm = hostPage.getByRole('alertdialog');
  await expect(confirm).toContainText('Kai');
  await confirm.getByRole('button', { name: /^Remove/ }).click();
  await expect(hostPage.getByRole('listitem').filter({ hasText: 'Kai' })).toHaveCount(0);
  await kai.reload();
  await expect(kai.getByText(`You're a guest in ${roomName}`)).toHaveCount(0);
  // Reopening the link no longer resumes Kai: he is offered to join again.
  await kai.goto(path);
  await expect(kai.getByRole('button', { name: 'Join as a guest' })).toBeVisible();
});

type Person = { id: number; username: string; isGuest?: true };

async function attendeesOf(
  request: Parameters<typeof createAccount>[0],
  as: { token: string },
  roomId: string,
) {
  const response = await request.get(`/v1/rooms/${roomId}/attendees`, { headers: auth(as as never) });
  return ((await response.json()) as { data: Person[] }).data;
}

async function idOf(
  request: Parameters<typeof createAccount>[0],
  as: { token: string },
  roomId: string,
  name: string,
): Promise<number> {
  const person = (await attendeesOf(request, as, roomId)).find((m) => m.username === name);
  if (!person) throw new Error(`${name} is not in the room`);
  return person.id;
}

type Tx = { payerId: number; payeeId: number; amount: number; status: string; roomId: string };

async function roomTransactions(
  request: Parameters<typeof createAccount>[0],
  as: { token: string },
  roomId: string,
) {
  const response = await request.get(`/v1/transactions?isPaid=true&role=payee`, {
    headers: auth(as as never),
  });
  const all = ((await response.json()) as { data: Tx[] }).data;
  return all.filter((t) => t.roomId === roomId);
}

async function transactionStatus(
  request: Parameters<typeof createAccount>[0],
  as: { token: string },
  roomId: string,
) {
  const [tx] = await roomTransactions(request, as, roomId);
  return tx?.status ?? 'none';
}

async function signedInId(request: Parameters<typeof createAccount>[0], email: string, username: string) {
  const login = await request.post('/v1/auth', { data: { username, password: 'secret123' } });
  const body = (await login.json()) as { data: { id: number; email: string } };
  expect(body.data.email).toBe(email);
  return { id: body.data.id };
}
