import { HttpResponse } from 'msw';
import { pictureEndpoints } from '@outing/contract';
import { mockDelay } from '../delay';
import { fail } from '../envelope';
import { signedIn } from '../request';
import { mockRoute } from '../route';
import { mockPictureUrl } from './room';

/** The pictures uploaded in this tab, by id: storage, not a rule (what Outing takes is the server's). */
const pictures = new Map<string, { bytes: ArrayBuffer; type: string }>();

/**
 * Own cover pictures (contract plans.ts): POST /pictures keeps the bytes and answers a fake 960×540 picture; GET
 * /pictures/{id}.webp serves them back as they came (the browser reads JPEG or PNG whatever the name says), so
 * that mock mode shows the photo one picked.
 */
export function pictureHandlers() {
  return [
    mockRoute(
      pictureEndpoints.upload,
      signedIn(async ({ request }) => {
        // Any bytes are kept as they came: which pictures Outing takes is the server's rule (features/pictures), and
        // the screens' refusals are tested with their own handlers.
        const type = (request.headers.get('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
        const bytes = await request.arrayBuffer();
        const id = crypto.randomUUID();
        pictures.set(id, { bytes, type });
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
      const picture = pictures.get(params.id);
      if (!picture) return fail(404, 'NOT_FOUND', 'Picture not found.');
      return new HttpResponse(picture.bytes, {
        headers: { 'Content-Type': picture.type, 'Cache-Control': 'no-store' },
      });
    }),
  ];
}
