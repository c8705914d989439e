import { HttpResponse } from 'msw';
import { pictureEndpoints } from '@outing/contract';
import { fail } from '../envelope';
import { mockOk, mockPublic, mockSignedIn } from '../route';
import { mockPictureUrl } from './room';

/** The pictures uploaded in this tab, by id: storage, not a rule (which pictures Outing takes is the server's). */
const pictures = new Map<string, { bytes: ArrayBuffer; type: string }>();

/**
 * Own cover pictures (docs/api/README.md#pictures): POST /pictures keeps the bytes as they came and answers a fake
 * 960×540 picture; GET /pictures/{id}.webp serves them back (no token: an <img> sends none), so that mock mode shows
 * the photo one picked. The screens' refusals are tested with their own handlers.
 */
export function pictureHandlers() {
  return [
    mockSignedIn(pictureEndpoints.upload, async ({ request }) => {
      const type = (request.headers.get('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
      const id = crypto.randomUUID();
      pictures.set(id, { bytes: await request.arrayBuffer(), type });
      const picture = { id, url: mockPictureUrl(id), width: 960, height: 540 };
      return mockOk(pictureEndpoints.upload, picture, 'Picture uploaded');
    }),
    mockPublic(pictureEndpoints.file, ({ params }) => {
      const picture = pictures.get(params.id);
      if (!picture) return fail(404, 'NOT_FOUND', 'Picture not found.');
      const headers = { 'Content-Type': picture.type, 'Cache-Control': 'no-store' };
      return new HttpResponse(picture.bytes, { headers });
    }),
  ];
}
