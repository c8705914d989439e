import { deflateSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { AxeBuilder } from '@axe-core/playwright';
import { createAccount, openSignedIn, type Account } from '../support/accounts.js';
import { closePeople, dayFromToday, personPage } from '../support/rooms.js';

// Issue #20 items 3, 4 and 5 in a real browser against the real server: a new room is private, the host uploads
// an own photo, then edits everything; the edit that moves the outing reaches a member's Notifications.

test.afterEach(closePeople);

const ROOM_URL = /\/room\/([0-9a-f-]{36})$/;
const auth = (account: Account) => ({ Authorization: `Bearer ${account.token}` });

async function shot(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({
    path: fileURLToPath(new URL(`../../docs/screenshots/${name}.png`, import.meta.url)),
    animations: 'disabled',
    caret: 'hide',
  });
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(', ')})`),
  ).toEqual([]);
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real RGB PNG of a sunset-like gradient, `width`×`height`, made here so the test needs no fixture file. */
function gradientPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const rows: number[] = [];
  for (let y = 0; y < height; y += 1) {
    rows.push(0); // filter: none
    for (let x = 0; x < width; x += 1) {
      const t = y / height;
      rows.push(
        Math.round(255 - 60 * t),
        Math.round(140 - 100 * t + (40 * x) / width),
        Math.round(60 + 120 * t),
      );
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function publicRoomIds(request: APIRequestContext, account: Account): Promise<string[]> {
  const res = await request.get('/v1/rooms/public', { headers: auth(account) });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: { id: string }[] }).data.map((r) => r.id);
}

/**
 * "Sat 6 Dec, 19:30": a move as the app writes it in the browser's en-GB (the room's wall-clock time; issue 37 item 7,
 * the time in the locale's one style), from the notification's params.
 */
function moveLabel(day: string, time: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
  }).format(new Date(`${day}T${time}:00Z`));
}

async function expectPictureShown(page: Page) {
  const hero = page.locator('header img').first();
  await expect(hero).toHaveAttribute('src', /\/v1\/pictures\/[0-9a-f-]{36}\.webp$/);
  await expect
    .poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
      timeout: 10_000,
    })
    .toBeGreaterThan(0);
  return hero.evaluate((img: HTMLImageElement) => img.currentSrc);
}

test('a room is private by default; the host uploads a photo, then edits everything, and a member hears of the move', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const host = await createAccount(request, 'host');
  const member = await createAccount(request, 'pal');
  const stranger = await createAccount(request, 'walker');
  const tag = Date.now().toString(36).slice(-4);
  const firstName = `Sunset Picnic ${tag}`;

  // The host's browser is in Paris: the room's times are in its zone.
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: { width: 390, height: 844 },
    locale: 'en-GB',
    timezoneId: 'Europe/Paris',
  });
  const hostPage = await context.newPage();
  try {
    await openSignedIn(hostPage, host, '/rooms/create');
    await expect(hostPage.getByRole('heading', { level: 1, name: 'Create room' })).toBeVisible();
    await hostPage.getByLabel('Room name').fill(firstName);
    // Private from the start, the two choices said plainly.
    await expect(hostPage.getByRole('radio', { name: 'Private' })).toBeChecked();
    await expect(hostPage.getByText('Only people you invite or who have the link can join.')).toBeVisible();
    await expect(
      hostPage.getByText('Listed in Explore; anyone on Outing can find and join it.'),
    ).toBeVisible();

    // An own photo, made here as a real PNG.
    await hostPage.getByLabel('Upload a photo').setInputFiles({
      name: 'sunset.png',
      mimeType: 'image/png',
      buffer: gradientPng(640, 360),
    });
    await expect(hostPage.getByRole('radio', { name: 'Your photo' })).toBeChecked({ timeout: 15_000 });
    await expect(hostPage.getByRole('button', { name: 'Remove photo' })).toBeVisible();

    const venue = hostPage.getByRole('combobox', { name: 'Venue' });
    await venue.fill('Primrose Hill');
    await hostPage.getByRole('option', { name: 'Primrose Hill' }).first().click();
    const day = dayFromToday(3);
    await hostPage.getByLabel('Date', { exact: true }).fill(day);
    await hostPage.getByLabel('Time', { exact: true }).fill('19:30');
    await expect(hostPage.getByText('Times are in Europe/Paris.')).toBeVisible();
    await hostPage.getByLabel(/Description/).fill('Blankets, snacks and the last of the sun.');
    const capacity = hostPage.getByLabel('Capacity (optional)');
    await capacity.fill('0');
    await hostPage.getByRole('button', { name: 'Create room' }).click();
    await expect(hostPage.getByText('Capacity must be a whole number from 1 to 10,000')).toBeVisible();
    await capacity.fill('12');
    await hostPage.locator('main').evaluate((main) => main.scrollTo(0, 0));
    await shot(hostPage, 'room-form-create');
    await expectNoAxeViolations(hostPage);
    await hostPage.getByRole('button', { name: 'Create room' }).click();

    await expect(hostPage).toHaveURL(ROOM_URL, { timeout: 15_000 });
    const roomId = ROOM_URL.exec(hostPage.url())![1]!;
    await expect(hostPage.getByRole('heading', { level: 1, name: firstName })).toBeVisible();
    const firstPicture = await expectPictureShown(hostPage);

    const created = await request.get(`/v1/rooms/${roomId}`, { headers: auth(host) });
    const room = ((await created.json()) as { data: Record<string, unknown> }).data;
    expect(room).toMatchObject({ isPrivate: true, capacity: 12, timeZone: 'Europe/Paris', time: '19:30' });
    expect(room.pictureUrl).toMatch(/^\/v1\/pictures\/[0-9a-f-]{36}\.webp$/);
    // Served in the sizes the app asks for, as WebP.
    for (const w of ['?w=160', '?w=480', '']) {
      const res = await request.get(`${room.pictureUrl as string}${w}`);
      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toBe('image/webp');
    }

    // Private: not in another user's Explore. The member joins by the link.
    expect(await publicRoomIds(request, stranger)).not.toContain(roomId);
    const joined = await request.patch(`/v1/rooms/${roomId}/join`, { headers: auth(member) });
    expect(joined.ok()).toBe(true);

    // The host edits everything: name, privacy, capacity, a new photo, date and time.
    await hostPage.getByRole('link', { name: 'Edit room' }).click();
    await expect(hostPage.getByRole('heading', { level: 1, name: 'Edit room' })).toBeVisible();
    await expect(hostPage.getByLabel('Room name')).toHaveValue(firstName);
    await expect(hostPage.getByRole('radio', { name: 'Private' })).toBeChecked();
    await expect(hostPage.getByRole('radio', { name: 'Your photo' })).toBeChecked();
    await expect(hostPage.getByLabel('Capacity (optional)')).toHaveValue('12');
    await expect(hostPage.getByText('Times are in Europe/Paris.')).toBeVisible();

    const newName = `Sunset Picnic Moved ${tag}`;
    await hostPage.getByLabel('Room name').fill(newName);
    await hostPage.getByRole('radio', { name: 'Public' }).check();
    await hostPage.getByLabel('Replace photo').setInputFiles({
      name: 'dusk.png',
      mimeType: 'image/png',
      buffer: gradientPng(960, 540),
    });
    await expect(hostPage.getByRole('radio', { name: 'Your photo' })).toBeChecked({ timeout: 15_000 });
    await expect(hostPage.getByRole('status', { name: 'Uploading photo' })).toHaveCount(0, {
      timeout: 15_000,
    });
    await hostPage.getByLabel('Capacity (optional)').fill('20');
    await expect(
      hostPage.getByText('Everyone in the room and everyone invited will be notified of the change.'),
    ).toHaveCount(0);
    const newDay = dayFromToday(4);
    await hostPage.getByLabel('Date', { exact: true }).fill(newDay);
    await hostPage.getByLabel('Time', { exact: true }).fill('18:00');
    await expect(
      hostPage.getByText('Everyone in the room and everyone invited will be notified of the change.'),
    ).toBeVisible();
    await hostPage.locator('main').evaluate((main) => main.scrollTo(0, 0));
    await shot(hostPage, 'room-form-edit');
    await hostPage.getByRole('button', { name: 'Save' }).scrollIntoViewIfNeeded();
    await shot(hostPage, 'room-form-edit-move');
    await expectNoAxeViolations(hostPage);
    await hostPage.getByRole('button', { name: 'Save' }).click();
    await expect(hostPage.getByText('Room updated successfully!')).toBeVisible();
    await expect(hostPage).toHaveURL(new RegExp(`/room/${roomId}$`));
    await expect(hostPage.getByRole('heading', { level: 1, name: newName })).toBeVisible();
    expect(await expectPictureShown(hostPage)).not.toBe(firstPicture);

    const edited = await request.get(`/v1/rooms/${roomId}`, { headers: auth(host) });
    expect(((await edited.json()) as { data: Record<string, unknown> }).data).toMatchObject({
      name: newName,
      isPrivate: false,
      capacity: 20,
      time: '18:00',
      timeZone: 'Europe/Paris',
    });
    // Public now: listed for others.
    expect(await publicRoomIds(request, stranger)).toContain(roomId);

    // The member hears of the move in their Notifications tab.
    const memberPage = await personPage(browser, member, '/notifications');
    const list = memberPage.getByRole('list', { name: 'Your notifications' });
    await expect(list).toContainText(
      `moved from ${moveLabel(day, '19:30')} to ${moveLabel(newDay, '18:00')}`,
      { timeout: 10_000 },
    );
  } finally {
    await context.close();
  }
});
