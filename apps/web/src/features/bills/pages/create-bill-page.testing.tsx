import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, vi } from 'vitest';
import type { Bill } from '@outing/contract';
import { API_BASE } from '@/lib/api-client';
import { server } from '@/test/server';
import { setTestLanguage } from '@/test/i18n';
import { ROOM_ID, ada, ben, chloe, renderBillScreen, serveBills, type TestSeed } from '@/test/bill-screens';

// Shared by the bill form's tests (create-bill-page*.test.tsx, edit-bill-page.test.tsx).

/**
 * The set-up of a bill form test file, called once at its top: before each test the room's bills are served (from
 * `seed`, a fresh one each test, or the default room) and amounts are written the `locale` way (en-US: $12.50; the
 * tests' own default is en-GB); a lazy screen's first render may take 5 s and a test 20 s (a whole bill typed key
 * by key takes seconds in jsdom on a busy machine).
 */
export function setUpBillFormTests({
  locale = 'en-US',
  seed,
}: { locale?: 'en-US' | 'en-GB'; seed?: () => TestSeed } = {}) {
  beforeEach(() => setTestLanguage('en', locale));
  configure({ asyncUtilTimeout: 5000 });
  vi.setConfig({ testTimeout: 20_000 });
  beforeEach(() => {
    serveBills(seed?.());
  });
}

export const CREATE_PATH = `/room/${ROOM_ID}/bill/create`;
export const navState = { attendees: [ada, ben, chloe], roomName: 'Board Game Night', userId: ada.id };

export async function renderForm(path = CREATE_PATH, state: unknown = navState) {
  const view = renderBillScreen(path, state);
  await screen.findByRole('button', { name: 'Review' });
  return view;
}

/** Records the bodies sent to `method` /v1/bills… and answers with `respond`. */
export function capture(method: 'post' | 'patch', respond: (body: unknown) => Response | Promise<Response>) {
  const bodies: unknown[] = [];
  const path = method === 'post' ? `${API_BASE}/bills` : `${API_BASE}/bills/:id`;
  server.use(
    http[method](path, async ({ request }) => {
      const body: unknown = await request.json();
      bodies.push(body);
      return respond(body);
    }),
  );
  return bodies;
}

/** Shares of ada and ben (an edited bill's split, in its fields' order). */
export const half = (a: number, b: number) => [
  { userId: ada.id, amount: a },
  { userId: ben.id, amount: b },
];

export const nameField = () => screen.getByLabelText('Bill name');
export const amountField = () => screen.getByLabelText('Amount');
export const review = () => userEvent.click(screen.getByRole('button', { name: 'Review' }));
export const back = () => userEvent.click(screen.getByRole('button', { name: 'Back to the form' }));
export const mode = (name: 'Equally' | 'Exact' | 'Shares' | 'Percent' | 'Items') =>
  userEvent.click(screen.getByRole('radio', { name }));
/** The live preview's shares, as "name amount" texts. */
export const liveShares = () => screen.queryAllByTestId('share').map((li) => li.textContent);
export const reviewShares = () => screen.getAllByTestId('review-share').map((li) => li.textContent);
/** The per-person field of `username` (exact, shares and percent modes). */
export const personField = (username: string) =>
  screen.getByLabelText(new RegExp(`^${username.replace('.', '\\.')}`));

export async function type(field: HTMLElement, text: string) {
  await userEvent.clear(field);
  if (text !== '') await userEvent.type(field, text);
}

/** Adds the receipt of the server's worked example: pasta (ada), steak (ben), wine (all three), 95.00. */
export async function fillRestaurantItems() {
  const rows = () =>
    screen.getAllByRole('listitem').filter((li) => within(li).queryByLabelText(/^Item \d+$/));
  const items = [
    ['Pasta', '18', ['ada (you)']],
    ['Steak', '32', ['ben_k']],
    ['Wine', '45', ['ada (you)', 'ben_k', 'chloe.m']],
  ] as const;
  for (const [i, [name, amount, people]] of items.entries()) {
    if (i > 0) await userEvent.click(screen.getByRole('button', { name: 'Add item' }));
    const row = within(rows()[i]!);
    await userEvent.type(row.getByLabelText(`Item ${i + 1}`), name);
    await userEvent.type(row.getByLabelText(`Item ${i + 1} Amount`), amount);
    for (const p of people) await userEvent.click(row.getByRole('checkbox', { name: p }));
  }
}

export async function addCharge(index: number, name: string, percent: string) {
  await userEvent.click(screen.getByRole('button', { name: 'Add charge' }));
  await userEvent.type(screen.getByLabelText(`Charge ${index}`), name);
  await userEvent.type(screen.getByLabelText(`Charge ${index} Percent`), percent);
}

/** A bill as the server answers it, with `split` and `shares` as given. */
export function billOf(fields: Partial<Bill> & Pick<Bill, 'split' | 'shares' | 'amount'>): Bill {
  const now = new Date().toISOString();
  return {
    id: 61,
    name: 'Dinner',
    includeOwner: true,
    date: now,
    roomId: ROOM_ID,
    payers: [],
    ownerId: ada.id,
    owner: ada,
    consolidationId: null,
    createdBy: ada.id,
    currency: 'USD',
    updatedAt: now,
    ...fields,
  };
}
