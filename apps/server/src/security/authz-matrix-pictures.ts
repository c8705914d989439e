import { get, open, signedIn, type Req, type Row } from './authz-kinds.js';

/** Matrix rows of own cover pictures and the signed-out room preview (issue #20 items 5 and 9). */

/** An 8×6 PNG, the smallest real upload. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAGCAIAAABxZ0isAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWO44KqPFTEMpAQA7AU8weIePcEAAAAASUVORK5CYII=',
  'base64',
);

const upload = (): Req => ({
  method: 'POST',
  url: '/v1/pictures',
  headers: { 'content-type': 'image/png' },
  payload: TINY_PNG,
});

export const pictures: Row[] = [
  { method: 'POST', route: '/v1/pictures', request: upload, expect: signedIn(200) },
  {
    method: 'GET',
    route: '/v1/pictures/:id.webp',
    variant: 'no token: an <img> cannot send one; the id is random',
    request: (w) => get(`/v1/pictures/${w.picture}.webp`),
    expect: open(200),
  },
  {
    method: 'GET',
    route: '/v1/rooms/:id/preview',
    variant:
      'the private room: its link lets anyone join (docs/api/README.md#rooms), so anyone may preview it',
    request: (w) => get(`/v1/rooms/${w.rooms.priv.id}/preview`),
    expect: open(200),
  },
];
