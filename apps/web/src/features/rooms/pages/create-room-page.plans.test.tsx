import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail } from '@/mocks/envelope';
import { server } from '@/test/server';
import { serveRooms } from '../testing';
import { fillValidForm, recordCreates, renderCreate, submit } from './create-room-page.testing';
import { choosePhoto, pngFile, PICTURES, recordUploads } from './room-form.testing';

// Issue #20 on the create form: private by default, capacity, the browser's time zone, an own photo.

type Sent = { room: Record<string, unknown> };

// The catalogue's English (locales/en/rooms.json), the wording the server uses too.
const CAPACITY_INVALID = 'Capacity must be a whole number from 1 to 10,000';
const PICTURE_TOO_LARGE = 'The picture is larger than 10 MB.';
const PICTURE_UNREADABLE = 'This file is not a picture Outing can read (use JPEG, PNG, WebP or HEIC).';

beforeEach(() => {
  serveRooms();
});

const capacity = () => screen.getByLabelText('Capacity (optional)');

describe('create room: who can join', { timeout: 30_000 }, () => {
  it('starts private, says plainly what each choice means, and sends isPrivate true', async () => {
    const bodies = recordCreates();
    await renderCreate();
    const group = screen.getByRole('group', { name: 'Who can join' });
    const priv = within(group).getByRole('radio', { name: 'Private' });
    const pub = within(group).getByRole('radio', { name: 'Public' });
    expect(priv).toBeChecked();
    expect(pub).not.toBeChecked();
    expect(priv).toHaveAccessibleDescription('Only people you invite or who have the link can join.');
    expect(pub).toHaveAccessibleDescription('Listed in Explore; anyone on Outing can find and join it.');
    // Near the top: before the picture, the venue and everything else but the name.
    const fields = [
      screen.getByLabelText('Room name'),
      priv,
      screen.getByRole('group', { name: 'Picture' }),
      screen.getByRole('combobox', { name: 'Venue' }),
    ];
    for (let i = 1; i < fields.length; i += 1) {
      expect(
        fields[i - 1]!.compareDocumentPosition(fields[i]!) & Node.DOCUMENT_POSITION_FOLLOWING,
      ).toBeTruthy();
    }

    await fillValidForm();
    await submit();
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect((bodies[0] as Sent).room.isPrivate).toBe(true);
  });

  it('sends isPrivate false when the host picks Public', async () => {
    const bodies = recordCreates();
    await renderCreate();
    await userEvent.click(screen.getByRole('radio', { name: 'Public' }));
    await fillValidForm();
    await submit();
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect((bodies[0] as Sent).room.isPrivate).toBe(false);
  });
});

describe('create room: capacity and time zone', { timeout: 30_000 }, () => {
  it.each(['0', '10001', '12.5', 'ten', '-3', '1e3'])(
    'refuses %j with a readable sentence and sends nothing',
    async (typed) => {
      const bodies = recordCreates();
      await renderCreate();
      await fillValidForm();
      await userEvent.type(capacity(), typed);
      await submit();
      expect(await screen.findByText(CAPACITY_INVALID)).toBeInTheDocument();
      expect(capacity()).toHaveAttribute('aria-invalid', 'true');
      expect(capacity()).toHaveValue(typed);
      expect(bodies).toEqual([]);
    },
  );

  it('explains the waitlist, sends 1–10,000 as a number and empty as no limit, with the browser’s zone', async () => {
    const bodies = recordCreates();
    await renderCreate();
    expect(capacity()).toHaveAccessibleDescription(/When it’s full, new people join a waitlist\./);
    expect(capacity()).toHaveAttribute('placeholder', 'No limit');
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(screen.getByText(`Times are in ${zone.replace(/_/g, ' ')}.`)).toBeInTheDocument();
    await fillValidForm();
    await userEvent.type(capacity(), ' 10000 ');
    await submit();
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect((bodies[0] as Sent).room).toMatchObject({ capacity: 10000, timeZone: zone });
  });

  it('puts the server’s capacity issue on the field and keeps what was typed', async () => {
    server.use(
      http.post(`/v1/rooms`, () =>
        fail(400, 'VALIDATION', CAPACITY_INVALID, [{ path: 'room.capacity', message: CAPACITY_INVALID }]),
      ),
    );
    await renderCreate();
    await fillValidForm();
    await userEvent.type(capacity(), '12');
    await submit();
    await waitFor(() => expect(capacity()).toHaveAttribute('aria-invalid', 'true'));
    expect(capacity()).toHaveValue('12');
    expect(screen.getByLabelText('Room name')).toHaveValue('  Quiz Night  ');
  });
});

describe('create room: own photo', { timeout: 30_000 }, () => {
  it('uploads a photo as its own type, shows it chosen, and sends its pictureId', async () => {
    const uploads = recordUploads();
    const bodies = recordCreates();
    await renderCreate();
    await fillValidForm();
    await choosePhoto(pngFile());
    const own = await screen.findByRole('radio', { name: 'Your photo' });
    expect(own).toBeChecked();
    expect(uploads).toEqual([{ type: 'image/png', size: pngFile().size }]);
    expect(screen.getByRole('button', { name: 'Remove photo' })).toBeInTheDocument();
    expect(screen.getByLabelText('Replace photo')).toBeInTheDocument();

    await submit();
    await waitFor(() => expect(bodies).toHaveLength(1));
    const room = (bodies[0] as Sent).room;
    expect(room.pictureId).toMatch(/^[0-9a-f-]{36}$/);
    expect(room.imageUrl).toBe('/imgs/gathering.png');
  });

  it('a HEIC photo the phone gave no type is sent as what its bytes say', async () => {
    const uploads = recordUploads();
    await renderCreate();
    const heic = new File(
      [new Uint8Array([0, 0, 0, 24, ...'ftypheic'.split('').map((c) => c.charCodeAt(0)), 0, 0, 0, 0])],
      'IMG_0001.HEIC',
      { type: '' },
    );
    await choosePhoto(heic);
    await waitFor(() => expect(uploads).toEqual([{ type: 'image/heic', size: heic.size }]));
  });

  it('a JPEG named with a non-standard type (image/jpg) is sent as image/jpeg', async () => {
    const uploads = recordUploads();
    await renderCreate();
    const jpeg = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70])], 'a.jpg', {
      type: 'image/jpg',
    });
    await choosePhoto(jpeg);
    await waitFor(() => expect(uploads).toEqual([{ type: 'image/jpeg', size: jpeg.size }]));
  });

  it('picking a preset after uploading sends no picture; Remove photo drops it', async () => {
    const bodies = recordCreates();
    await renderCreate();
    await fillValidForm();
    await choosePhoto(pngFile());
    await screen.findByRole('radio', { name: 'Your photo' });
    await userEvent.click(screen.getByRole('radio', { name: 'Travel' }));
    expect(screen.getByRole('radio', { name: 'Your photo' })).not.toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: 'Your photo' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove photo' }));
    expect(screen.queryByRole('radio', { name: 'Your photo' })).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Gathering' })).toBeChecked();
    await submit();
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect((bodies[0] as Sent).room.pictureId).toBeUndefined();
    expect((bodies[0] as Sent).room.imageUrl).toBe('/imgs/gathering.png');
  });

  it.each([
    [
      'over 10 MB',
      new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' }),
      PICTURE_TOO_LARGE,
    ],
    ['not a picture', new File(['hello'], 'notes.txt', { type: 'text/plain' }), PICTURE_UNREADABLE],
    ['a GIF', new File(['GIF89a'], 'cat.gif', { type: 'image/gif' }), PICTURE_UNREADABLE],
  ])('refuses a file %s before sending it, in the server’s words', async (_, file, message) => {
    const uploads = recordUploads();
    await renderCreate();
    await choosePhoto(file);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(uploads).toEqual([]);
    expect(screen.queryByRole('radio', { name: 'Your photo' })).not.toBeInTheDocument();
  });

  it.each([
    [413, 'The picture is larger than 10 MB.'],
    [415, 'Upload a JPEG, PNG, WebP or HEIC picture.'],
    [400, 'This file is not a picture Outing can read (use JPEG, PNG, WebP or HEIC).'],
    [429, 'Too many pictures: try again in 20 minutes.'],
  ])('shows the server’s %s beside the picker and keeps everything typed', async (status, message) => {
    server.use(
      http.post(PICTURES, () => fail(status, status === 429 ? 'RATE_LIMITED' : 'VALIDATION', message)),
    );
    await renderCreate();
    await fillValidForm();
    await userEvent.click(screen.getByRole('radio', { name: 'Party' }));
    await choosePhoto(pngFile());
    const shown = await screen.findByText(message);
    expect(shown.closest('fieldset')).toBe(screen.getByRole('group', { name: 'Picture' }));
    expect(screen.getByLabelText('Upload a photo')).toHaveAccessibleDescription(message);
    expect(screen.getByLabelText('Room name')).toHaveValue('  Quiz Night  ');
    expect(screen.getByLabelText('Time')).toHaveValue('19:45');
    expect(screen.getByRole('radio', { name: 'Party' })).toBeChecked();
  });

  it('a proxy’s bare 413 page still reads as the size limit', async () => {
    server.use(http.post(PICTURES, () => new Response('<html>Too large</html>', { status: 413 })));
    await renderCreate();
    await choosePhoto(pngFile());
    expect(await screen.findByText(PICTURE_TOO_LARGE)).toBeInTheDocument();
  });

  it('shows the upload going, and saving meanwhile waits for it', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.post(PICTURES, async () => {
        await held;
      }),
    );
    const bodies = recordCreates();
    await renderCreate();
    await fillValidForm();
    await choosePhoto(pngFile());
    expect(await screen.findByRole('status', { name: 'Uploading photo' })).toBeInTheDocument();
    expect(screen.getByText(/Uploading… \d+%/)).toBeInTheDocument();
    await submit();
    expect(await screen.findByText('Wait until the photo has finished uploading.')).toBeInTheDocument();
    expect(bodies).toEqual([]);
    release();
    expect(await screen.findByRole('radio', { name: 'Your photo' })).toBeChecked();
    fireEvent.click(screen.getByRole('button', { name: 'Create room' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
  });
});
