import { endpoint } from '../endpoint.js';
import { pictureParams, pictureQuery, pictureSchema } from '../plans.js';

const tag = 'pictures';

/** Pictures: the upload and the served file (docs/api/README.md#pictures, decision 009). */
export const pictureEndpoints = {
  // The body is the image itself (`pictureTypes`, at most MAX_PICTURE_BYTES), not JSON: the server reads it raw.
  upload: endpoint({
    method: 'POST',
    path: '/pictures',
    data: pictureSchema,
    errors: [400, 401, 413, 415, 429],
    access: 'signedIn',
    summary:
      'Upload a cover picture: the body is the image (JPEG, PNG, WebP or HEIC, at most 10 MB); it is stored ' +
      'without metadata as WebP 160, 480 and 960 px wide. Pass the answer’s id as a room’s pictureId.',
    tag,
  }),
  // No token: an <img> cannot send one; the id is random.
  file: endpoint({
    method: 'GET',
    path: '/pictures/{id}.webp',
    params: pictureParams,
    query: pictureQuery,
    file: 'image/webp',
    errors: [400, 404],
    access: 'public',
    summary:
      'A cover picture as WebP (no token: an <img> cannot send one; ids are random). `w` 160, 480 or 960 ' +
      '(default), never wider than the upload. Immutable: cached for a year.',
    tag,
  }),
};
