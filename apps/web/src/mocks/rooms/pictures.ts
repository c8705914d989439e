import { HttpResponse } from 'msw';
import { pictureEndpoints } from '@outing/contract';
import { mockDelay } from '../delay';
import { fail } from '../envelope';
import { mockRoute } from '../route';
import { mockPictureUrl, type RoomsStore } from './store';

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
        // Any bytes are kept as they came: which pictures Outing takes is the server's rule (features/pictures), and
        // the screens' refusals are tested with their own handlers.
        const type = (request.headers.get('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
        const bytes = await request.arrayBuffer();
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
