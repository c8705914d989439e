import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import type { Bill } from '@outing/contract';
import { describe, expect, it } from 'vitest';
import { API_BASE } from '@/lib/api-client';
import { fail, ok } from '@/mocks/envelope';
import { server } from '@/test/server';
import { ROOM_ID, ada, ben } from '@/test/bill-screens';
import {
  amountField,
  back,
  billOf,
  capture,
  half,
  nameField,
  renderForm,
  review,
  setUpBillFormTests,
} from './create-bill-page.testing';

// Issue 36: a bill's category (guessed from its name until one is picked), note and receipt photo in the form.

setUpBillFormTests();

const PICTURES = `${API_BASE}/pictures`;
const RECEIPT_ID = '0b9d1e6a-8a55-4c8e-9d53-3f4b2f6f2a11';
const RECEIPT_URL = `/v1/pictures/${RECEIPT_ID}.webp`;
/** A real 1×1 PNG. */
const PNG_1X1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const pngFile = () =>
  new File([Uint8Array.from(atob(PNG_1X1), (c) => c.charCodeAt(0))], 'receipt.png', { type: 'image/png' });

const chip = (name: string) => screen.getByRole('button', { name });
const categories = () => within(screen.getByRole('group', { name: 'Category' }));
const pressed = () =>
  categories()
    .getAllByRole('button')
    .filter((b) => b.getAttribute('aria-pressed') === 'true')
    .map((b) => b.textContent);
const chooseReceipt = async (file: File) => {
  const input =
    screen.queryByLabelText('Replace receipt') ?? (await screen.findByLabelText('Attach receipt'));
  fireEvent.change(input, { target: { files: [file] } });
};
const serveUpload = (answer: () => Response | Promise<Response>) => {
  const uploads: string[] = [];
  server.use(
    http.post(PICTURES, async ({ request }) => {
      uploads.push(request.headers.get('Content-Type') ?? '');
      return answer();
    }),
  );
  return uploads;
};
const uploaded = () => ok({ id: RECEIPT_ID, url: RECEIPT_URL, width: 960, height: 540 });
const saveNew = () => userEvent.click(screen.getByRole('button', { name: 'Add bill' }));
/** The bill's category, note and receipt as sent, the rest of the answer fixed. */
const extrasOf = (body: unknown): Partial<Bill> => {
  const { category, note, receiptPictureId } = body as Partial<Bill>;
  return { category, note, receiptPictureId };
};
const saved = (body: unknown) =>
  ok(
    billOf({
      amount: 30,
      split: { mode: 'equal', userIds: [ada.id, ben.id] },
      shares: half(15, 15),
      ...extrasOf(body),
    }),
  );

describe('bill form: category', () => {
  it('offers every category as a labelled toggle button, none pressed at first', async () => {
    await renderForm();
    expect(
      categories()
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([
      'Food',
      'Drinks',
      'Groceries',
      'Transport',
      'Lodging',
      'Tickets',
      'Activities',
      'Shopping',
      'Other',
    ]);
    expect(pressed()).toEqual([]);
  });

  it('guesses the category from the name as it is typed, in either language, and sends it', async () => {
    const bodies = capture('post', saved);
    await renderForm();
    await userEvent.type(nameField(), 'Taxi');
    expect(pressed()).toEqual(['Transport']);
    expect(screen.getByRole('group', { name: 'Category' })).toHaveAccessibleDescription(
      'Guessed from the name; pick another to change it.',
    );
    await userEvent.clear(nameField());
    await userEvent.type(nameField(), '火锅');
    expect(pressed()).toEqual(['Food']);
    await userEvent.clear(nameField());
    await userEvent.type(nameField(), 'For Ben');
    expect(pressed()).toEqual([]);
    await userEvent.clear(nameField());
    await userEvent.type(nameField(), 'Beers');
    await userEvent.type(amountField(), '30');
    await review();
    expect(await screen.findByText('Drinks')).toBeInTheDocument();
    await saveNew();
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ name: 'Beers', category: 'drinks' });
    expect(bodies[0]).not.toHaveProperty('note');
    expect(bodies[0]).not.toHaveProperty('receiptPictureId');
  });

  it('a category the person picks wins over the guess, and stays when the name changes', async () => {
    const bodies = capture('post', saved);
    await renderForm();
    await userEvent.type(nameField(), 'Dinner');
    expect(pressed()).toEqual(['Food']);
    await userEvent.click(chip('Activities'));
    expect(pressed()).toEqual(['Activities']);
    expect(screen.queryByText('Guessed from the name; pick another to change it.')).not.toBeInTheDocument();
    await userEvent.clear(nameField());
    await userEvent.type(nameField(), 'Hotel');
    expect(pressed()).toEqual(['Activities']);
    await userEvent.type(amountField(), '30');
    await review();
    await saveNew();
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ name: 'Hotel', category: 'activities' });
  });

  it('pressing the chosen category again leaves the bill without one, and no guess comes back', async () => {
    const bodies = capture('post', saved);
    await renderForm();
    await userEvent.type(nameField(), 'Lunch');
    await userEvent.click(chip('Food'));
    expect(pressed()).toEqual([]);
    await userEvent.type(nameField(), ' and pizza');
    expect(pressed()).toEqual([]);
    await userEvent.type(amountField(), '30');
    await review();
    await saveNew();
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).not.toHaveProperty('category');
  });
});

describe('bill form: note', () => {
  it('is behind "Add a note"; several lines are sent trimmed and shown on the review', async () => {
    const bodies = capture('post', saved);
    await renderForm();
    expect(screen.queryByLabelText('Note')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add a note' }));
    const note = await screen.findByLabelText('Note');
    await waitFor(() => expect(note).toHaveFocus());
    await userEvent.type(note, '  Ben has the receipt{enter}Tip included  ');
    await userEvent.type(nameField(), 'Pizza');
    await userEvent.type(amountField(), '30');
    await review();
    expect(screen.getByText(/Ben has the receipt/)).toHaveTextContent('Ben has the receipt Tip included');
    await saveNew();
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ note: 'Ben has the receipt\nTip included' });
  });

  it('counts down near 500 characters and refuses more, keeping what was typed', async () => {
    const bodies = capture('post', saved);
    await renderForm();
    await userEvent.type(nameField(), 'Pizza');
    await userEvent.type(amountField(), '30');
    await userEvent.click(screen.getByRole('button', { name: 'Add a note' }));
    const note = await screen.findByLabelText('Note');
    fireEvent.change(note, { target: { value: 'a'.repeat(399) } });
    expect(screen.queryByText(/characters? left/)).not.toBeInTheDocument();
    fireEvent.change(note, { target: { value: 'a'.repeat(499) } });
    expect(note).toHaveAccessibleDescription('1 character left');
    fireEvent.change(note, { target: { value: 'a'.repeat(501) } });
    expect(note).toHaveAttribute('aria-invalid', 'true');
    expect(note).toHaveAccessibleDescription(
      'A note must be at most 500 characters (501 now). 0 characters left',
    );
    await review();
    expect(note).toHaveFocus();
    expect(screen.queryByRole('heading', { name: 'Review the bill' })).not.toBeInTheDocument();
    expect(note).toHaveValue('a'.repeat(501));
    expect(bodies).toEqual([]);
    fireEvent.change(note, { target: { value: 'a'.repeat(500) } });
    expect(note).not.toHaveAttribute('aria-invalid');
    await review();
    await saveNew();
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ note: 'a'.repeat(500) });
  });
});

describe('bill form: receipt photo', () => {
  it('uploads the photo as a picture, shows it with Remove, and sends its receiptPictureId', async () => {
    const uploads = serveUpload(uploaded);
    const bodies = capture('post', saved);
    await renderForm();
    expect(screen.getByLabelText('Attach receipt')).toHaveAttribute('accept', 'image/*');
    await userEvent.type(nameField(), 'Dinner');
    await chooseReceipt(pngFile());
    const thumbnail = await screen.findByRole('img', { name: 'Receipt of Dinner' });
    expect(thumbnail).toHaveAttribute('src', `${RECEIPT_URL}?w=160`);
    expect(uploads).toEqual(['image/png']);
    expect(screen.getByRole('button', { name: 'Remove receipt' })).toBeInTheDocument();
    expect(screen.getByLabelText('Replace receipt')).toBeInTheDocument();
    await userEvent.type(amountField(), '30');
    await review();
    expect(screen.getByText('Receipt attached')).toBeInTheDocument();
    await saveNew();
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ name: 'Dinner', category: 'food', receiptPictureId: RECEIPT_ID });
  });

  it('Remove drops it: nothing is sent', async () => {
    serveUpload(uploaded);
    const bodies = capture('post', saved);
    await renderForm();
    await userEvent.type(nameField(), 'Dinner');
    await chooseReceipt(pngFile());
    await userEvent.click(await screen.findByRole('button', { name: 'Remove receipt' }));
    expect(screen.queryByRole('img', { name: 'Receipt of Dinner' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Attach receipt')).toBeInTheDocument();
    await userEvent.type(amountField(), '30');
    await review();
    await saveNew();
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).not.toHaveProperty('receiptPictureId');
  });

  it('a failed upload is said beside the picker and keeps everything typed', async () => {
    serveUpload(() => fail(413, 'VALIDATION', 'The picture is larger than 10 MB.'));
    const bodies = capture('post', saved);
    await renderForm();
    await userEvent.type(nameField(), 'Dinner');
    await userEvent.type(amountField(), '30');
    await userEvent.click(chip('Drinks'));
    await chooseReceipt(pngFile());
    expect(await screen.findByText('The picture is larger than 10 MB.')).toBeInTheDocument();
    expect(screen.getByLabelText('Attach receipt')).toHaveAccessibleDescription(
      'The picture is larger than 10 MB.',
    );
    expect(nameField()).toHaveValue('Dinner');
    expect(amountField()).toHaveValue('30.00');
    expect(pressed()).toEqual(['Drinks']);
    await review();
    await saveNew();
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ name: 'Dinner', category: 'drinks' });
    expect(bodies[0]).not.toHaveProperty('receiptPictureId');
  });

  it('a file that is not a picture is refused here, without an upload', async () => {
    const uploads = serveUpload(uploaded);
    await renderForm();
    await chooseReceipt(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(
      await screen.findByText('This file is not a picture Outing can read (use JPEG, PNG, WebP or HEIC).'),
    ).toBeInTheDocument();
    expect(uploads).toEqual([]);
  });

  it('shows the upload going; Review waits for it', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    serveUpload(async () => {
      await held;
      return uploaded();
    });
    const bodies = capture('post', saved);
    await renderForm();
    await userEvent.type(nameField(), 'Dinner');
    await userEvent.type(amountField(), '30');
    await chooseReceipt(pngFile());
    expect(await screen.findByRole('progressbar', { name: 'Receipt' })).toBeInTheDocument();
    expect(screen.getByText(/Uploading the receipt… \d+%/)).toBeInTheDocument();
    await review();
    expect(await screen.findByText('Wait for the receipt to finish uploading.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Review the bill' })).not.toBeInTheDocument();
    release();
    await screen.findByRole('img', { name: 'Receipt of Dinner' });
    expect(screen.queryByText('Wait for the receipt to finish uploading.')).not.toBeInTheDocument();
    await review();
    await saveNew();
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ receiptPictureId: RECEIPT_ID });
  });

  it('the server refusing the receipt puts its word on the receipt and keeps the form', async () => {
    serveUpload(uploaded);
    server.use(
      http.post(`${API_BASE}/bills`, () =>
        fail(400, 'VALIDATION', 'Choose a receipt picture you uploaded.', [
          { path: 'receiptPictureId', message: 'Choose a receipt picture you uploaded.' },
        ]),
      ),
    );
    await renderForm();
    await userEvent.type(nameField(), 'Dinner');
    await userEvent.type(amountField(), '30');
    await chooseReceipt(pngFile());
    await screen.findByRole('img', { name: 'Receipt of Dinner' });
    await review();
    await saveNew();
    expect(await screen.findByText('Choose a receipt picture you uploaded.')).toBeInTheDocument();
    expect(nameField()).toHaveValue('Dinner');
    expect(screen.getByRole('img', { name: 'Receipt of Dinner' })).toBeInTheDocument();
  });
});

describe('edit bill: category, note and receipt', () => {
  const PATH = `/room/${ROOM_ID}/bill/61/edit`;
  const withExtras = (fields: Partial<Bill>) =>
    billOf({
      amount: 30,
      split: { mode: 'equal', userIds: [ada.id, ben.id] },
      shares: half(15, 15),
      ...fields,
    });
  const serveBill = (bill: Bill) => server.use(http.get(`${API_BASE}/bills`, () => ok([bill])));

  it('shows the bill’s category, note and receipt; a rename guesses nothing over its category', async () => {
    serveBill(
      withExtras({
        category: 'lodging',
        note: 'Two nights',
        receiptPictureId: RECEIPT_ID,
        receiptPictureUrl: RECEIPT_URL,
      }),
    );
    await renderForm(PATH);
    expect(pressed()).toEqual(['Lodging']);
    expect(screen.getByLabelText('Note')).toHaveValue('Two nights');
    expect(screen.getByRole('img', { name: 'Receipt of Dinner' })).toBeInTheDocument();
    await userEvent.clear(nameField());
    await userEvent.type(nameField(), 'Taxi');
    expect(pressed()).toEqual(['Lodging']);
  });

  it('sends only what changed, null clearing it', async () => {
    serveBill(
      withExtras({
        category: 'lodging',
        note: 'Two nights',
        receiptPictureId: RECEIPT_ID,
        receiptPictureUrl: RECEIPT_URL,
      }),
    );
    const bodies = capture('patch', (body) => ok(withExtras(extrasOf(body))));
    await renderForm(PATH);
    await userEvent.click(chip('Lodging'));
    await userEvent.clear(screen.getByLabelText('Note'));
    await review();
    await back();
    await review();
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ category: null, note: null });
    expect(bodies[0]).not.toHaveProperty('receiptPictureId');
  });

  it('a bill without them sends none of them, and removing a receipt sends null', async () => {
    serveBill(withExtras({ receiptPictureId: RECEIPT_ID, receiptPictureUrl: RECEIPT_URL }));
    const bodies = capture('patch', (body) => ok(withExtras(extrasOf(body))));
    await renderForm(PATH);
    expect(pressed()).toEqual([]);
    expect(screen.getByRole('button', { name: 'Add a note' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove receipt' }));
    await review();
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ receiptPictureId: null });
    expect(bodies[0]).not.toHaveProperty('category');
    expect(bodies[0]).not.toHaveProperty('note');
  });
});
