import { expect, request as playwrightRequest, test } from '@playwright/test';
import { createAccount } from '../support/accounts.js';
import { createRoomWith, expectOnce, OwnServer, personPage, postMessage } from '../support/chat.js';

test('after the server is killed and restarted the chat reconnects within 6 s and shows what was sent', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const server = await OwnServer.create();
  try {
    await server.start();
    const api = await playwrightRequest.newContext({ baseURL: server.baseUrl });
    const ann = await createAccount(api, 'rc_ann');
    const ben = await createAccount(api, 'rc_ben');
    await api.dispose();
    const roomId = await createRoomWith(ann, [ben], server.baseUrl);
    const page = await personPage(browser, ann, `/room/${roomId}/chat`, { baseURL: server.baseUrl });

    // Connected: a message arrives live.
    await expect(page.getByText('No messages yet')).toBeVisible();
    await postMessage(ben, roomId, 'Before the crash', server.baseUrl);
    await expectOnce(page, 'Before the crash');

    await server.kill();
    await expect(page.getByRole('status').filter({ hasText: 'Reconnecting…' })).toBeVisible();

    await server.start();
    const restartedAt = Date.now();
    await postMessage(ben, roomId, 'After the restart', server.baseUrl);
    await expectOnce(page, 'After the restart', Math.max(1, 6000 - (Date.now() - restartedAt)));
    expect(Date.now() - restartedAt).toBeLessThanOrEqual(6000);
    await expect(page.getByText('Reconnecting…')).toHaveCount(0);
    await expectOnce(page, 'Before the crash');
    await page.context().close();
  } finally {
    await server.dispose();
  }
});
