import { expect, test } from '@playwright/test';
import { createAccount } from '../support/accounts.js';
import { createRoomWith, messageRows, personPage, postMessage } from '../support/chat.js';

/** Long enough to wrap, so that the newest page fills more than the view. */
const text = (i: number) => `Message ${i}: shall we meet by the fountain first and walk over together?`;

test('scrolling up loads older pages, without a jump, until the first message', async ({
  browser,
  request,
}) => {
  const ann = await createAccount(request, 'hist');
  const roomId = await createRoomWith(ann, []);
  for (let i = 1; i <= 45; i += 1) await postMessage(ann, roomId, text(i));

  const page = await personPage(browser, ann, `/room/${roomId}/chat`);
  const log = page.getByRole('log', { name: 'Messages' });
  // The newest page, at the bottom.
  await expect(messageRows(page, text(45))).toBeInViewport();
  await expect(log.getByRole('listitem')).toHaveCount(20);
  await expect(messageRows(page, text(25))).toHaveCount(0);

  // To the top: the next older page arrives above, and what was at the top stays where it was.
  const anchor = messageRows(page, text(26));
  await log.evaluate((el) => el.scrollTo({ top: 0 }));
  await expect(log.getByRole('listitem')).toHaveCount(40);
  const y = (await anchor.boundingBox())?.y;
  await page.waitForTimeout(300);
  expect((await anchor.boundingBox())?.y).toBe(y);
  await expect(anchor).toBeInViewport();
  await expect(messageRows(page, text(6))).not.toBeInViewport();

  await log.evaluate((el) => el.scrollTo({ top: 0 }));
  await expect(log.getByRole('listitem')).toHaveCount(45);
  await log.evaluate((el) => el.scrollTo({ top: 0 }));
  await expect(messageRows(page, text(1))).toBeInViewport();
  await expect(page.getByText('This is the start of the conversation')).toBeVisible();
  const texts = await log.locator('li p').allTextContents();
  expect(texts).toEqual(Array.from({ length: 45 }, (_, i) => text(i + 1)));
});
