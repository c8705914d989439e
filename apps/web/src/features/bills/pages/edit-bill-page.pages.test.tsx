import { screen } from '@testing-library/react';
import { http } from 'msw';
import type { Bill } from '@outing/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { API_BASE } from '@/lib/api-client';
import { okPage } from '@/mocks/cursor-page';
import { server } from '@/test/server';
import { ROOM_ID, ada, ben, renderBillScreen, serveBills } from '@/test/bill-screens';
import { billOf, half, nameField, renderForm } from './create-bill-page.testing';
import { setTestLanguage } from '@/test/i18n';

// Amounts in these tests are written the en-US way ($12.50); dates are whatever the tests say.
beforeEach(() => setTestLanguage('en', 'en-US'));

// Issue #18/#22: the bill to edit is found among the room's pages of bills, then its settled rounds.

const PATH = `/room/${ROOM_ID}/bill/61/edit`;

beforeEach(() => {
  serveBills();
});

describe('edit bill: the bill among the room’s pages (docs/pagination.md)', () => {
  const equal = {
    amount: 30,
    split: { mode: 'equal' as const, userIds: [ada.id, ben.id] },
    shares: half(15, 15),
  };
  /** Newest first: bills 100…80, then `last`. */
  const newer = Array.from({ length: 21 }, (_, i) =>
    billOf({ ...equal, id: 100 - i, name: `Bill ${100 - i}` }),
  );

  /** Serves `bills` a page at a time and records the cursors asked for. */
  function servePages(bills: Bill[]) {
    const cursors: (string | null)[] = [];
    server.use(
      http.get(`${API_BASE}/bills`, ({ request }) => {
        const query = new URL(request.url).searchParams;
        expect(query.get('limit')).toBe('20');
        cursors.push(query.get('cursor'));
        return okPage(bills, request);
      }),
    );
    return cursors;
  }

  it('reads the next pages until the bill is found', async () => {
    const cursors = servePages([...newer, billOf(equal)]);
    await renderForm(PATH);
    expect(nameField()).toHaveValue('Dinner');
    expect(cursors).toEqual([null, 'i20']);
  });

  it('a bill a Settle up included is read on a later page and stays editable (one live ledger)', async () => {
    const settled = Array.from({ length: 20 }, (_, i) =>
      billOf({ ...equal, id: 200 - i, name: `Old ${i}`, consolidationId: 4 }),
    );
    const cursors = servePages([...settled, billOf({ ...equal, consolidationId: 3 })]);
    await renderForm(PATH);
    expect(nameField()).toHaveValue('Dinner');
    expect(cursors).toEqual([null, 'i20']);
  });

  it('a bill on no page is not found once the list ends', async () => {
    const settled = Array.from({ length: 21 }, (_, i) =>
      billOf({ ...equal, id: 300 - i, consolidationId: 4 }),
    );
    const cursors = servePages(settled);
    renderBillScreen(PATH);
    expect(await screen.findByText('Bill not found')).toBeInTheDocument();
    expect(cursors).toHaveLength(2);
  });
});
