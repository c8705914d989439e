import { AxeBuilder } from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { createAccount } from '../support/accounts.js';
import { createRoomWith, expectOnce, messageRows, personPage, postMessage } from '../support/chat.js';

test('two members chat in real time, each message once, and a reload keeps the history', async ({
  browser,
  request,
}) => {
  // Three browser contexts, two accessibility scans and a reload: on CI's busy two cores each context took 2.5–3 s
  // to open, and the whole walk passed 30 s.
  test.setTimeout(90_000);
  const ann = await createAccount(request, 'ann');
  const ben = await createAccount(request, 'ben');
  const roomId = await createRoomWith(ann, [ben], undefined, 'Friday board games');
  const pageA = await personPage(browser, ann, `/room/${roomId}/chat`);
  const pageB = await personPage(browser, ben, `/room/${roomId}/chat`);

  for (const page of [pageA, pageB]) {
    await expect(page.getByRole('heading', { level: 1, name: 'Friday board games' })).toBeVisible();
    await expect(page.getByText('No messages yet')).toBeVisible();
  }

  // Ann sends with Enter; Ben sees it without reloading; Ann sees hers once (the answer and its echo).
  await pageA.getByRole('textbox', { name: 'Message' }).fill('Who is bringing the games?');
  await pageA.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(pageA.getByRole('textbox', { name: 'Message' })).toHaveValue('');
  await expectOnce(pageB, 'Who is bringing the games?');
  await expectOnce(pageA, 'Who is bringing the games?');
  await expect(messageRows(pageA, 'Who is bringing the games?')).toHaveAttribute('data-own', 'true');
  await expect(messageRows(pageB, 'Who is bringing the games?')).toHaveAttribute('data-own', 'false');
  await expect(messageRows(pageB, 'Who is bringing the games?')).toContainText(ann.username);

  await pageB.getByRole('textbox', { name: 'Message' }).fill('I will bring Codenames');
  await pageB.getByRole('button', { name: 'Send' }).click();
  await expectOnce(pageA, 'I will bring Codenames');
  await expectOnce(pageB, 'I will bring Codenames');

  // A whitespace-only message is not sent.
  await pageA.getByRole('textbox', { name: 'Message' }).fill('   ');
  await pageA.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(pageA.getByRole('button', { name: 'Send' })).toBeDisabled();

  // A few more, then a look at the screen at 390×844.
  await postMessage(ann, roomId, 'Great! I can bring snacks too');
  await postMessage(ben, roomId, 'See you all at 7, table is booked under my name');
  await postMessage(ben, roomId, 'It is the place next to the station');
  await expectOnce(pageA, 'It is the place next to the station');
  await expectOnce(pageA, 'Great! I can bring snacks too');
  await pageA.getByRole('textbox', { name: 'Message' }).fill('Perfect, thanks!');
  await pageA.screenshot({ path: 'screenshots/chat.png' });
  const axe = await new AxeBuilder({ page: pageA }).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  await pageB.reload();
  await expectOnce(pageB, 'Who is bringing the games?');
  await expectOnce(pageB, 'I will bring Codenames');
  await expectOnce(pageB, 'It is the place next to the station');
  const texts = await pageB.getByRole('log', { name: 'Messages' }).locator('li p').allTextContents();
  expect(texts).toEqual([
    'Who is bringing the games?',
    'I will bring Codenames',
    'Great! I can bring snacks too',
    'See you all at 7, table is booked under my name',
    'It is the place next to the station',
  ]);
  const today = new Date().toLocaleDateString('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  });
  // The day as the interface's locale writes it (en-GB: "Friday 28 November").
  await expect(pageB.getByRole('heading', { level: 2, name: today })).toBeVisible();

  const narrow = await personPage(browser, ben, `/room/${roomId}/chat`, { width: 320 });
  await expectOnce(narrow, 'It is the place next to the station');
  await narrow.screenshot({ path: 'screenshots/chat-320.png' });
});
