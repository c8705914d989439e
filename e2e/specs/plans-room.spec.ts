import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { AxeBuilder } from '@axe-core/playwright';
import { createAccount } from '../support/accounts.js';
import {
  createPlanRoom,
  expectAnswer,
  planScreenshot,
  readRoom,
  withoutShareSheet,
} from '../support/plans.js';
import { befriend, closePeople, dayFromToday, personPage, roomDateLabel } from '../support/rooms.js';

// Issue #20 on the room page against the real server: RSVP, capacity and waitlist, guests and nudges, the
// invite card, add to calendar, share, and picking a date together.

test.afterEach(closePeople);

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(', ')})`),
  ).toEqual([]);
}

const guestTab = (page: Page, name: RegExp) =>
  page.getByRole('tablist', { name: 'Guests by answer' }).getByRole('tab', { name });

test('RSVP, a full room and its waitlist, guests, nudges, the invite card, .ics and share', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const host = await createAccount(request, 'host');
  const first = await createAccount(request, 'first');
  const second = await createAccount(request, 'second');
  const invitee = await createAccount(request, 'invitee');
  await befriend(request, host, invitee);
  // Two places: the host's and one more.
  const name = `Tapas night ${Date.now().toString(36).slice(-4)}`;
  const room = await createPlanRoom(
    request,
    host,
    { name, venue: 'Barrafina', capacity: 2, description: 'Small plates, big table.' },
    [invitee.id],
  );

  // The first guest joins by the link and is going; they change their mind to Maybe and back.
  const firstPage = await personPage(browser, first, `/room/${room.id}`);
  const join = firstPage.getByRole('region', { name: 'Join' });
  await expect(join).toContainText('1 of 2 going');
  await join.getByRole('button', { name: 'Join' }).click();
  await expect(firstPage.getByText(`You joined ${name}!`)).toBeVisible();
  await expectAnswer(firstPage, name, 'Going');
  const firstAnswers = firstPage.getByRole('group', { name: `Your answer for ${name}` });
  await firstAnswers.getByRole('button', { name: 'Maybe' }).click();
  await expectAnswer(firstPage, name, 'Maybe');
  await firstAnswers.getByRole('button', { name: 'Going' }).click();
  await expectAnswer(firstPage, name, 'Going');

  // The room is full: the second guest is told before joining, and joining puts them on the waitlist.
  const secondPage = await personPage(browser, second, `/room/${room.id}`);
  const secondJoin = secondPage.getByRole('region', { name: 'Join' });
  await expect(secondJoin).toContainText('2 of 2 going');
  await expect(secondJoin).toContainText('Full — joining puts you on the waitlist');
  await secondJoin.getByRole('button', { name: 'Join' }).click();
  await expect(secondPage.getByText(`${name} is full: you're on the waitlist`)).toBeVisible();
  await expect(secondPage.getByText("You're on the waitlist (place 1).")).toBeVisible();
  await expect(secondPage.getByText(`${name} is full: you're on the waitlist`)).toHaveCount(0, {
    timeout: 10_000,
  });
  await planScreenshot(secondPage, 'plans-room-waitlist');
  expect(await readRoom(request, second, room.id)).toMatchObject({ myRsvp: 'waitlisted', goingCount: 2 });

  // The host sees every answer: going, the waitlist, the invitee who has not answered; and nudges them.
  const hostPage = await personPage(browser, host, `/room/${room.id}`);
  await expect(guestTab(hostPage, /^Going \(2\)$/)).toBeVisible();
  await expect(guestTab(hostPage, /^Waitlist \(1\)$/)).toBeVisible();
  await expect(hostPage.getByRole('list', { name: 'Attendees going' })).toContainText(first.username);
  await guestTab(hostPage, /^Invited/).click();
  const pending = hostPage.getByRole('tabpanel');
  await expect(pending.getByRole('list', { name: 'Invited, not answered yet' })).toContainText(
    invitee.username,
  );
  await pending.getByRole('button', { name: `Nudge ${invitee.username}` }).click();
  await expect(hostPage.getByText(`Nudged ${invitee.username}`)).toBeVisible();
  await expect(pending.getByText(/Nudged · again/)).toBeVisible();
  // Once nudged, nobody is left to nudge for a day, and the page says when.
  await expect(pending.getByText(/Everyone was nudged in the last day\. You can nudge again/)).toBeVisible();
  await guestTab(hostPage, /^Going/).click();
  await expect(hostPage.getByText(`Nudged ${invitee.username}`)).toHaveCount(0, { timeout: 10_000 });
  await hostPage
    .getByRole('heading', { name: 'Guests' })
    .evaluate((h) => h.scrollIntoView({ block: 'start' }));
  await planScreenshot(hostPage, 'plans-room-guests');
  await expectNoAxeViolations(hostPage);

  // The invitee's card answers Going / Maybe / Can't and opens the preview.
  const inviteePage = await personPage(browser, invitee, '/rooms/invites');
  const card = inviteePage.getByRole('list', { name: 'Pending invites' }).getByRole('listitem').first();
  await expect(card).toContainText(name);
  await expect(card.getByRole('link', { name: new RegExp(`^${name}, hosted by`) })).toHaveAttribute(
    'href',
    `/room/${room.id}/preview`,
  );
  await expect(inviteePage.getByRole('link', { name: /Explore public outings/ })).toHaveAttribute(
    'href',
    '/explore',
  );
  await planScreenshot(inviteePage, 'plans-invite-card');
  await card.getByRole('button', { name: `Maybe: answer maybe to ${name}` }).click();
  await expect(inviteePage.getByText(`You joined ${name} as a maybe`)).toBeVisible();
  await expect(inviteePage.getByText('No pending invites')).toBeVisible();
  // A maybe takes no place: the host sees the invitee under Maybe, live.
  await expect(guestTab(hostPage, /^Maybe \(1\)$/)).toBeVisible();

  // The first guest leaves: the place goes to the second, who sees it live (ROOM_UPDATED) and after a reload.
  await firstPage.getByRole('button', { name: 'Leave room' }).click();
  await firstPage.getByRole('alertdialog').getByRole('button', { name: 'Leave room' }).click();
  await expect(firstPage).toHaveURL(/\/$/);
  await expect(secondPage.getByText(/You're on the waitlist/)).toHaveCount(0, { timeout: 15_000 });
  await expectAnswer(secondPage, name, 'Going');
  await secondPage.reload();
  await expectAnswer(secondPage, name, 'Going');
  expect(await readRoom(request, second, room.id)).toMatchObject({
    myRsvp: 'going',
    goingCount: 2,
    waitlistCount: 0,
  });
  await expect(guestTab(hostPage, /^Waitlist \(0\)$/)).toBeVisible();

  // Add to calendar downloads the room's .ics (fetched with the token).
  const downloading = secondPage.waitForEvent('download');
  await secondPage.getByRole('button', { name: 'Add to calendar' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${name}.ics`);
  const ics = await readFile(await download.path());
  expect(ics.toString('utf8')).toMatch(/^BEGIN:VCALENDAR/);
  expect(ics.toString('utf8')).toContain(name);

  // Share without a share sheet copies the room's link.
  const sharer = await personPage(browser, second, `/room/${room.id}`, ['clipboard-read', 'clipboard-write']);
  await withoutShareSheet(sharer);
  await sharer.reload();
  await sharer.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(sharer.getByText('Link copied')).toBeVisible();
  expect(await sharer.evaluate(() => navigator.clipboard.readText())).toBe(room.url);
  // The More menu offers the same.
  await sharer.getByRole('button', { name: 'More actions' }).click();
  await expect(sharer.getByRole('menu', { name: 'More actions' }).getByRole('menuitem')).toHaveText([
    'Add to calendar',
    'Google Calendar',
    'Outlook',
    'Directions',
    'Share',
  ]);
});

test('pick a date together: the host proposes, a guest votes, the host fixes one', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const host = await createAccount(request, 'poller');
  const guest = await createAccount(request, 'voter');
  const name = `Climbing ${Date.now().toString(36).slice(-4)}`;
  const room = await createPlanRoom(request, host, { name, venue: 'The Castle', inDays: 10, time: '18:00' });
  const guestPage = await personPage(browser, guest, `/room/${room.id}`);
  await guestPage.getByRole('region', { name: 'Join' }).getByRole('button', { name: 'Join' }).click();
  await expectAnswer(guestPage, name, 'Going');

  const hostPage = await personPage(browser, host, `/room/${room.id}`);
  await hostPage.getByRole('button', { name: 'Propose dates' }).click();
  const dialog = hostPage.getByRole('dialog', { name: 'Pick a date together' });
  const dayA = dayFromToday(12);
  const dayB = dayFromToday(14);
  await dialog.getByRole('group', { name: 'Option 1' }).getByLabel('Date').fill(dayA);
  await dialog.getByRole('group', { name: 'Option 2' }).getByLabel('Date').fill(dayB);
  await dialog.getByRole('group', { name: 'Option 2' }).getByLabel('Time').fill('19:00');
  await dialog.getByRole('button', { name: 'Start poll' }).click();
  await expect(hostPage.getByText('Poll started: your guests can vote now')).toBeVisible();
  const hostDates = hostPage.getByRole('list', { name: 'Proposed dates' });
  await expect(hostDates.getByRole('listitem')).toHaveCount(2);

  // The guest sees the poll live, and votes.
  const guestDates = guestPage.getByRole('list', { name: 'Proposed dates' });
  await expect(guestDates.getByRole('listitem')).toHaveCount(2, { timeout: 15_000 });
  const optionB = guestDates.getByRole('listitem').nth(1);
  await optionB.getByRole('button', { name: 'Yes' }).click();
  await expect(optionB.getByRole('button', { name: 'Yes' })).toHaveAttribute('aria-pressed', 'true');
  await guestDates.getByRole('listitem').first().getByRole('button', { name: 'No' }).click();
  // The host's counts follow live.
  await expect(hostDates.getByRole('listitem').nth(1)).toContainText('1 yes · 0 maybe · 0 no', {
    timeout: 15_000,
  });
  await expect(hostDates.getByRole('listitem').first()).toContainText('0 yes · 0 maybe · 1 no');
  await guestPage
    .getByRole('region', { name: 'Pick a date together' })
    .evaluate((section) => section.scrollIntoView({ block: 'start' }));
  await planScreenshot(guestPage, 'plans-date-poll');
  await expectNoAxeViolations(guestPage);

  // The host fixes the second date after confirming; the room takes it, for the guest too.
  await hostDates
    .getByRole('listitem')
    .nth(1)
    .getByRole('button', { name: /^Fix .* as the date$/ })
    .click();
  const confirm = hostPage.getByRole('alertdialog', { name: /^Set the date to/ });
  await expect(confirm).toContainText('Everyone will be notified');
  await confirm.getByRole('button', { name: 'Fix date' }).click();
  await expect(hostPage.getByText(/^The date is set:/)).toBeVisible();
  await expect(hostPage.getByRole('region', { name: 'Details' })).toContainText(roomDateLabel(dayB));
  await expect(hostPage.getByRole('button', { name: 'Propose dates' })).toBeVisible();
  await expect(guestPage.getByRole('region', { name: 'Details' })).toContainText(roomDateLabel(dayB), {
    timeout: 15_000,
  });
  await expect(guestPage.getByRole('region', { name: 'Details' })).toContainText('19:00');
  expect(await readRoom(request, guest, room.id)).toMatchObject({ time: '19:00' });
  expect((await readRoom(request, guest, room.id)).date.slice(0, 10)).toBe(dayB);
});

test('a past outing offers no Join and no answers', async ({ browser, request }) => {
  const host = await createAccount(request, 'past');
  const visitor = await createAccount(request, 'late');
  // Yesterday is still a valid date (docs/api/README.md#rooms), and long started.
  const room = await createPlanRoom(request, host, {
    name: 'Yesterday brunch',
    venue: 'Dishoom',
    inDays: -1,
  });
  const page = await personPage(browser, visitor, `/room/${room.id}?join=true`);
  await expect(page.getByText('This outing has passed')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Join' })).toHaveCount(0);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  const hostPage = await personPage(browser, host, `/room/${room.id}`);
  await expect(hostPage.getByText('This outing has passed')).toBeVisible();
  await expect(hostPage.getByRole('group', { name: /Your answer/ })).toHaveCount(0);
});
