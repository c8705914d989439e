import { HttpResponse } from 'msw';
import { MAX_PICTURE_BYTES, pictureEndpoints, pictureTypes } from '@outing/contract';
import { mockDelay } from '../../../mocks/delay';
import { fail } from '../../../mocks/envelope';
import { mockRoute } from '../../../mocks/route';
import { sniffPictureType } from '../lib/picture-file';
import { mockPictureUrl, type RoomsStore } from './mocks-store';

/** The server's sentences (features/pictures): the server speaks English. */
const PICTURE_TOO_LARGE = 'The picture is larger than 10 MB.';
const PICTURE_UNREADABLE = 'This file is not a picture Outing can read (use JPEG, PNG, WebP or HEIC).';
const PICTURE_TYPE_REFUSED =
  'Send the picture as JPEG, PNG, WebP or HEIC (Content-Type image/jpeg, image/png, image/webp, image/heic or image/heif).';

/**
 * Own cover pictures (contract plans.ts): POST /pictures keeps the bytes and answers a fake 960×540 picture; GET
 * /pictures/{id}.webp serves them back as they came (the browser reads JPEG or PNG whatever the name says), so
 * that mock mode shows the photo one picked.
 */
export function pictureHandlers({ asMe, state }: RoomsStore) {
  return [
    mockRoute(
      pictureEndpoints.upload,
      asMe(async ({ me, request }) => {
        const type = (request.headers.get('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
        if (!(pictureTypes as readonly string[]).includes(type)) {
          return fail(415, 'VALIDATION', PICTURE_TYPE_REFUSED);
        }
        const bytes = await request.arrayBuffer();
        if (bytes.byteLength > MAX_PICTURE_BYTES) return fail(413, 'VALIDATION', PICTURE_TOO_LARGE);
        if (!sniffPictureType(new Uint8Array(bytes.slice(0, 16)))) {
          return fail(400, 'VALIDATION', PICTURE_UNREADABLE);
        }
        const id = crypto.randomUUID();
        state.pictures.set(id, { bytes, type, uploaderId: me.id });
        return HttpResponse.json(
          {
            status: 'success',
            message: 'Picture uploaded',
            data: { id, url: mockPictureUrl(id), width: 960, height: 540 },
          },
          { status: 200 },
        );
      }),
    ),

    // No token: an <img> cannot send one (ids are random).
    mockRoute(pictureEndpoints.file, async ({ params }) => {
      await mockDelay();
      const picture = state.pictures.get(params.id);
      if (!picture) return fail(404, 'NOT_FOUND', 'Picture not found.');
      return new HttpResponse(picture.bytes, {
        headers: { 'Content-Type': picture.type, 'Cache-Control': 'no-store' },
      });
    }),
  ];
}

/** Ok when `pictureId` is null, left out, or a picture `userId` uploaded; else the server's 400. */
export function pictureIdProblem(store: RoomsStore, pictureId: unknown, userId: number): Response | null {
  if (pictureId === undefined || pictureId === null) return null;
  const picture = typeof pictureId === 'string' ? store.state.pictures.get(pictureId) : undefined;
  if (picture?.uploaderId === userId) return null;
  return fail(400, 'VALIDATION', 'Choose a picture you uploaded.', [
    { path: 'pictureId', message: 'Choose a picture you uploaded.' },
  ]);
}
