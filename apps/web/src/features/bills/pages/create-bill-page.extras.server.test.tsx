// The bill form's category and note against the real server (src/test/real-server.ts, issue 36): the bill is saved
// with the name's guess and the note, a receipt picture is attached (PATCH), and the bill's dialog shows what the
// server answers. The form's own upload (XMLHttpRequest) does not reach the test server from jsdom (a network error),
// so the photo's upload from the form, its failures and the edits are msw's (create-bill-page.extras.test.tsx).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { billsResponse } from '@outing/contract';
import { realServer } from '@/test/real-server';
import { setTestLanguage } from '@/test/i18n';

const server = realServer();

beforeEach(() => setTestLanguage('en', 'en-US'));
vi.setConfig({ testTimeout: 40_000 });

/** A real 1×1 PNG. */
const PNG_1X1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

describe('bill form: category, note and receipt, against the real server', () => {
  it('saves the guessed category and the note; the bill’s dialog shows them and the receipt, full-screen', async () => {
    const ann = await server.user({ username: 'ann' });
    const ben = await server.user({ username: 'ben' });
    const { room } = await server.room(ann, { name: 'Beach day', currency: 'USD' });
    await server.api(ben).patch(`/rooms/${room.id}/join`);

    server.render(`/room/${room.id}/bill/create`, ann);
    const name = await screen.findByLabelText('Bill name', {}, { timeout: 10_000 });
    await userEvent.type(name, 'Taxi to the airport');
    await userEvent.type(screen.getByLabelText('Amount'), '20');
    const categories = within(screen.getByRole('group', { name: 'Category' }));
    expect(categories.getByRole('button', { name: 'Transport' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Add a note' }));
    await userEvent.type(
      await screen.findByLabelText('Note'),
      'Ann paid by card{enter}Receipt in the glovebox',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Review' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Add bill' }));
    expect(
      await screen.findByText('Bill created successfully!', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();

    const bills = await server.api(ann).get(`/bills?roomId=${room.id}`, billsResponse);
    expect(bills).toHaveLength(1);
    const [bill] = bills;
    expect(bill).toMatchObject({
      name: 'Taxi to the airport',
      category: 'transport',
      note: 'Ann paid by card\nReceipt in the glovebox',
    });
    expect(bill!.receiptPictureId ?? null).toBeNull();

    // A receipt photo Ann uploaded (POST /pictures, as the form sends it: the bytes, their type) is attached.
    const upload = await fetch(`${location.origin}/v1/pictures`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ann.token}`, 'content-type': 'image/png' },
      body: Uint8Array.from(atob(PNG_1X1), (c) => c.charCodeAt(0)),
    });
    expect(upload.status).toBe(200);
    const { data: picture } = (await upload.json()) as { data: { id: string } };
    await server.api(ann).patch(`/bills/${bill!.id}`, { receiptPictureId: picture.id });

    // Ben opens it from the Money section: the category, the note and the receipt, full-screen.
    server.render(`/room/${room.id}?bill=${bill!.id}`, ben);
    const dialog = await screen.findByRole('dialog', { name: 'Taxi to the airport' }, { timeout: 10_000 });
    expect(dialog).toHaveTextContent('CategoryTransport');
    expect(within(dialog).getByRole('region', { name: 'Note' })).toHaveTextContent('Ann paid by card');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Open the receipt' }));
    const full = await screen.findByRole('dialog', { name: 'Receipt of Taxi to the airport' });
    expect(
      within(full).getByRole('img', { name: 'Receipt of Taxi to the airport' }).getAttribute('src'),
    ).toContain(`/v1/pictures/${picture.id}.webp`);
    await userEvent.keyboard('{Escape}');
    await waitFor(() =>
      expect(
        screen.queryByRole('dialog', { name: 'Receipt of Taxi to the airport' }),
      ).not.toBeInTheDocument(),
    );
  });
});
