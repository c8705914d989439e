import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { AxeBuilder } from '@axe-core/playwright';
import { createAccount, type Account } from '../support/accounts.js';
import { planScreenshot } from '../support/plans.js';
import { befriend, closePeople, dayFromToday, personPage, roomDateLabel } from '../support/rooms.js';

// Issue 37 item 1 against the real server: a dinner whose date is to be decided, a date poll with its voters, the
// host fixing an option, and then the real date, its reminders and its calendar entry
// (docs/api/README.md#date-and-venue-tbd).

test.afterEach(closePeople);

const ROOM_URL = /\/room\/([0-9a-f-]{36})$/;
const auth = (account: Account) => ({ Authorization: `Bearer ${account.token}` });

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(', ')})`),
  ).toEqual([]);
}

async function readRoom(request: APIRequestContext, account: Account, roomId: string) {
  const res = await request.get(`/v1/rooms/${roomId}`, { headers: auth(account) });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { data: { dateTbd: boolean; date: string; time: string; startsAt: string } })
    .data;
}

/** The reminders `account` received about the room (GET /v1/notifications). */
async function remindersOf(request: APIRequestContext, account: Account, roomId: string) {
  const res = await request.get('/v1/notifications?limit=50', { headers: auth(account) });
  expect(res.ok(), await res.text()).toBe(true);
  const list = ((await res.json()) as { data: { kind?: string; roomId?: string | null; content: string }[] })
    .data;
  return list.filter((n) => n.kind === 'reminder' && n.roomId === roomId);
}

/**
 * A start a little over two hours away, in whole minutes (UTC, the browsers' zone here): its two-hour reminder is
 * due `minutes` after now, soon enough for the spec to see it sent.
 */
function soonStart(minutes: number) {
  const at = new Date(Math.ceil((Date.now() + 2 * 3_600_000 + minutes * 60_000) / 60_000) * 60_000);
  const iso = at.toISOString();
  return { day: iso.slice(0, 10), time: iso.slice(11, 16), basic: iso.replace(/[-:]/g, '').slice(0, 13) };
}

test('a dinner with the date to be decided: friends vote, the host fixes it, reminders and .ics follow', async ({
  browser,
  request,
}) => {
  test.setTimeout(480_000);
  const host = await createAccount(request, 'tbdhost');
  const amy = await createAccount(request, 'amy');
  const ben = await createAccount(request, 'ben');
  await befriend(request, host, amy);
  await befriend(request, host, ben);

  // The host creates the dinner with "Date to be decided": the date and time fields go away.
  const hostPage = await personPage(browser, host, '/rooms/create');
  await expect(hostPage.getByRole('heading', { level: 1, name: 'Create room' })).toBeVisible();
  const name = `Crab dinner ${Date.now().toString(36).slice(-4)}`;
  await hostPage.getByLabel('Room name').fill(name);
  const venue = hostPage.getByRole('combobox', { name: 'Venue' });
  await venue.fill('Jumbo Seafood');
  await hostPage.getByRole('option', { name: 'Jumbo Seafood' }).first().click();
  await expect(hostPage.getByText('Selected: Jumbo Seafood')).toBeVisible();
  const dateTbd = hostPage.getByRole('checkbox', { name: 'Date to be decided' });
  await dateTbd.check();
  await expect(hostPage.getByLabel('Date', { exact: true })).toBeHidden();
  await expect(hostPage.getByLabel('Time', { exact: true })).toBeHidden();
  await hostPage
    .getByRole('group', { name: /Invite friends/ })
    .getByText(amy.username)
    .click();
  await expectNoAxeViolations(hostPage);
  await hostPage.getByRole('button', { name: 'Create room' }).click();
  await expect(hostPage).toHaveURL(ROOM_URL);
  const roomId = ROOM_URL.exec(hostPage.url())![1]!;

  // The room says "Date TBD · Vote on the date", offers no calendar entry yet, and the API answers the flag.
  const details = hostPage.getByRole('region', { name: 'Details' });
  await expect(details).toContainText('Date TBD');
  await expect(details.getByRole('link', { name: 'Vote on the date' })).toBeVisible();
  await expect(hostPage.getByRole('button', { name: 'Add to calendar' })).toHaveCount(0);
  await expect(hostPage.getByRole('link', { name: /Google Calendar/ })).toHaveCount(0);
  expect(await readRoom(request, host, roomId)).toMatchObject({ dateTbd: true, time: '19:00' });
  // No reminder while the date is to be decided, and the room's .ics has no event.
  const tbdIcs = await request.get(`/v1/rooms/${roomId}/calendar.ics`, { headers: auth(host) });
  expect(tbdIcs.status()).toBe(200);
  expect(await tbdIcs.text()).not.toContain('BEGIN:VEVENT');

  // Amy accepts the invite; her Home tile says "Date TBD". Ben joins by the link.
  const amyPage = await personPage(browser, amy, '/rooms/invites');
  await amyPage.getByRole('button', { name: `Accept invite to ${name}` }).click();
  await expect(amyPage.getByText('No pending invites')).toBeVisible();
  await amyPage.goto('/');
  await expect(amyPage.getByRole('link', { name: new RegExp(name) }).first()).toContainText('Date TBD');
  const benPage = await personPage(browser, ben, `/room/${roomId}`);
  await benPage.getByRole('region', { name: 'Join' }).getByRole('button', { name: 'Join' }).click();
  await expect(benPage.getByText(`You joined ${name}!`)).toBeVisible();

  // "Vote on the date" leads the host to the poll, which asks for dates.
  await details.getByRole('link', { name: 'Vote on the date' }).click();
  await expect(
    hostPage.getByText('The date is to be decided: propose a few dates and let your guests vote.'),
  ).toBeInViewport();
  // The screenshot without the creation's toast over the picture.
  await expect(hostPage.getByText('Room created!')).toHaveCount(0, { timeout: 10_000 });
  await hostPage.locator('main').evaluate((main) => main.scrollTo(0, 0));
  await planScreenshot(hostPage, 'plans-tbd-room');
  await expectNoAxeViolations(hostPage);

  // The host proposes two dates; the first starts a little over two hours from now.
  const soon = soonStart(3);
  const later = dayFromToday(12);
  await hostPage.getByRole('button', { name: 'Propose dates' }).click();
  const dialog = hostPage.getByRole('dialog', { name: 'Pick a date together' });
  await dialog.getByRole('group', { name: 'Option 1' }).getByLabel('Date').fill(soon.day);
  await dialog.getByRole('group', { name: 'Option 1' }).getByLabel('Time').fill(soon.time);
  await dialog.getByRole('group', { name: 'Option 2' }).getByLabel('Date').fill(later);
  await dialog.getByRole('group', { name: 'Option 2' }).getByLabel('Time').fill('19:30');
  await dialog.getByRole('button', { name: 'Start poll' }).click();
  await expect(hostPage.getByText('Poll started: your guests can vote now')).toBeVisible();

  // Both friends vote; the host sees who voted what.
  for (const page of [amyPage, benPage]) {
    if (page === amyPage) await amyPage.goto(`/room/${roomId}`);
    const dates = page.getByRole('list', { name: 'Proposed dates' });
    await expect(dates.getByRole('listitem')).toHaveCount(2, { timeout: 15_000 });
    const first = dates.getByRole('listitem').first();
    await first.getByRole('button', { name: 'Yes' }).click();
    await expect(first.getByRole('button', { name: 'Yes' })).toHaveAttribute('aria-pressed', 'true');
  }
  await benPage
    .getByRole('list', { name: 'Proposed dates' })
    .getByRole('listitem')
    .nth(1)
    .getByRole('button', { name: 'Maybe' })
    .click();
  const hostDates = hostPage.getByRole('list', { name: 'Proposed dates' });
  const firstOption = hostDates.getByRole('listitem').first();
  await expect(firstOption).toContainText('2 yes · 0 maybe · 0 no', { timeout: 15_000 });
  const voters = firstOption.getByRole('group', { name: 'Who answered' });
  await expect(voters).toContainText(amy.username);
  await expect(voters).toContainText(ben.username);
  await expect(
    hostDates.getByRole('listitem').nth(1).getByRole('group', { name: 'Who answered' }),
  ).toContainText(ben.username);

  // The host fixes the first date: the room shows it, for everyone, and the flag is gone.
  await firstOption.getByRole('button', { name: /^Fix .* as the date$/ }).click();
  const confirm = hostPage.getByRole('alertdialog', { name: /^Set the date to/ });
  await confirm.getByRole('button', { name: 'Fix date' }).click();
  await expect(hostPage.getByText(/^The date is set:/)).toBeVisible();
  await expect(details).toContainText(roomDateLabel(soon.day));
  await expect(details).toContainText(soon.time);
  await expect(details).not.toContainText('Date TBD');
  await expect(amyPage.getByRole('region', { name: 'Details' })).toContainText(roomDateLabel(soon.day), {
    timeout: 15_000,
  });
  const fixed = await readRoom(request, host, roomId);
  expect(fixed).toMatchObject({ dateTbd: false, time: soon.time });
  expect(fixed.date.slice(0, 10)).toBe(soon.day);

  // Add to calendar is offered now, and its .ics holds the event on the fixed date.
  await expect(hostPage.getByText(/^The date is set:/)).toHaveCount(0, { timeout: 10_000 });
  await hostPage.locator('main').evaluate((main) => main.scrollTo(0, 0));
  await planScreenshot(hostPage, 'plans-tbd-fixed');
  await expectNoAxeViolations(hostPage);
  const downloading = hostPage.waitForEvent('download');
  await hostPage.getByRole('button', { name: 'Add to calendar' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${name}.ics`);
  const ics = (await readFile(await download.path())).toString('utf8');
  expect(ics).toContain('BEGIN:VEVENT');
  expect(ics).toContain(`DTSTART:${soon.basic}00Z`);
  expect(ics).toContain('LOCATION:Jumbo Seafood');

  // The reminders were planned when the date was fixed: the two-hour one reaches the guests when it is due.
  await expect
    .poll(async () => (await remindersOf(request, amy, roomId)).length, {
      timeout: 360_000,
      intervals: [5_000],
      message: 'the two-hour reminder of the fixed date',
    })
    .toBe(1);
  expect((await remindersOf(request, ben, roomId))[0]?.content).toContain(name);
});
