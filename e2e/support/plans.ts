import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { Account } from './accounts.js';
import { createRoomViaApi, type ApiRoom } from './rooms.js';

// Helpers of the plans specs (issue #20): rooms with a capacity, RSVPs and reading a room through the API.

const auth = (account: Account) => ({ Authorization: `Bearer ${account.token}` });

export interface PlanRoomInput {
  name: string;
  venue: string;
  inDays?: number;
  time?: string;
  capacity?: number | null;
  isPrivate?: boolean;
  description?: string;
}

/** Creates a room with a capacity through the API: private, 19:30, in UTC (the browsers' zone in these tests). */
export function createPlanRoom(
  request: APIRequestContext,
  host: Account,
  room: PlanRoomInput,
  invitees: number[] = [],
): Promise<ApiRoom> {
  return createRoomViaApi(
    request,
    host,
    { image: 'party', time: '19:30', isPrivate: true, capacity: null, ...room },
    invitees,
  );
}

/** The room as `account` reads it through the API. */
export async function readRoom(
  request: APIRequestContext,
  account: Account,
  roomId: string,
): Promise<{ goingCount: number; waitlistCount: number; myRsvp: string | null; date: string; time: string }> {
  const res = await request.get(`/v1/rooms/${roomId}`, { headers: auth(account) });
  if (!res.ok()) throw new Error(`reading the room failed: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { data: never }).data;
}

/** The pressed answer of the room page's Going / Maybe / Can't. */
export async function expectAnswer(page: Page, roomName: string, answer: 'Going' | 'Maybe' | "Can't") {
  const group = page.getByRole('group', { name: `Your answer for ${roomName}` });
  await expect(group.getByRole('button', { name: answer })).toHaveAttribute('aria-pressed', 'true');
}

/** Makes `navigator.share` absent, so that Share falls back to copying the link (as on desktop Chromium). */
export async function withoutShareSheet(page: Page): Promise<void> {
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true });
  });
}

/** Saves `docs/screenshots/<name>.png` of the 390×844 viewport, wherever the specs run from. */
export async function planScreenshot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({
    path: fileURLToPath(new URL(`../../docs/screenshots/${name}.png`, import.meta.url)),
    animations: 'disabled',
    caret: 'hide',
  });
}
