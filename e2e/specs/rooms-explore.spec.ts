import { expect, test } from '@playwright/test';
import { createAccount } from '../support/accounts.js';
import { befriend, closePeople, createRoomViaApi, personPage } from '../support/rooms.js';

test.afterEach(closePeople);

test('explore, decline and search: a public room joined from the Explore tab, a declined invite gone', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const host = await createAccount(request, 'host');
  const friend = await createAccount(request, 'pal');
  const stranger = await createAccount(request, 'walker');
  await befriend(request, host, friend);
  const tag = Date.now().toString(36).slice(-4);
  const open = await createRoomViaApi(request, host, {
    name: `Park Run ${tag}`,
    venue: 'Victoria Park',
    image: 'sports',
  });
  const secret = await createRoomViaApi(
    request,
    host,
    { name: `Secret Supper ${tag}`, venue: 'Hidden Kitchen', isPrivate: true },
    [friend.id],
  );

  // The friend declines (through the API: the invite card's buttons are the room page's to test): the invite
  // goes, and the private room is nowhere in their lists, Explore included.
  const declined = await request.patch(`/v1/rooms/${secret.id}`, {
    headers: { Authorization: `Bearer ${friend.token}` },
    data: { accept: false },
  });
  expect(declined.ok()).toBe(true);
  const friendPage = await personPage(browser, friend, '/rooms/invites');
  await expect(friendPage.getByText('No pending invites')).toBeVisible();
  await friendPage.goto(`/explore?q=${tag}`);
  await expect(friendPage.getByRole('list', { name: 'Public outings' })).toContainText(open.name);
  await expect(friendPage.getByRole('list', { name: 'Public outings' })).not.toContainText(secret.name);
  await friendPage.goto('/rooms');
  await expect(friendPage.getByText('No rooms to display. Go create or join one!')).toBeVisible();

  // A stranger finds the public room in the Explore tab, previews it and joins it.
  const strangerPage = await personPage(browser, stranger, '/');
  await strangerPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Explore' }).click();
  await strangerPage.getByRole('searchbox', { name: 'Search outings by name or venue' }).fill(tag);
  const explore = strangerPage.getByRole('list', { name: 'Public outings' });
  await expect(explore.getByRole('link')).toHaveCount(1);
  await expect(explore).toContainText(open.name);
  await expect(explore).not.toContainText(secret.name);
  await explore.getByRole('link', { name: new RegExp(open.name) }).click();
  await expect(strangerPage).toHaveURL(new RegExp(`/room/${open.id}/preview$`));
  await strangerPage.getByRole('button', { name: 'Join' }).click();
  await expect(strangerPage).toHaveURL(new RegExp(`/room/${open.id}$`));
  await expect(strangerPage.getByRole('list', { name: /Attendees/ })).toContainText(stranger.username);
  // Anyone in a public room may invite.
  await expect(strangerPage.getByRole('button', { name: 'Invite friends' })).toBeVisible();
  await expect(strangerPage.getByRole('link', { name: 'Edit room' })).toHaveCount(0);

  // Someone outside a room who opens it without the join link sees it, with a Join button and no members.
  await friendPage.goto(`/room/${open.id}`);
  await expect(friendPage.getByRole('heading', { level: 1, name: open.name })).toBeVisible();
  await expect(friendPage.getByRole('button', { name: 'Join' })).toBeVisible();
  await expect(friendPage.getByRole('list', { name: /Attendees/ })).toHaveCount(0);

  // The host's room list filters by name prefix.
  const hostPage = await personPage(browser, host, '/rooms');
  const list = hostPage.getByRole('list', { name: 'Your rooms' });
  await expect(list.getByRole('link')).toHaveCount(2);
  await hostPage.getByRole('searchbox', { name: 'Search rooms' }).fill('secret');
  await expect(list.getByRole('link')).toHaveCount(1);
  await expect(list).toContainText(secret.name);
  await hostPage.getByRole('searchbox', { name: 'Search rooms' }).fill('upper');
  await expect(hostPage.getByText('No rooms start with “upper”.')).toBeVisible();
});
