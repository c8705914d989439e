import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelopeSchema as e, MAX_PICTURE_BYTES, pictureResponse, pictureTypes } from '@outing/contract';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import { handleError } from '../../lib/error-handler.js';
import { ok } from '../../lib/envelope.js';
import { DecodeQueue, type DecodePlace } from './decode-queue.js';
import { NOT_A_PICTURE } from './limits.js';
import { countUploadOrRefuse, pictureRendition, uploadPicture } from './service.js';

const TOO_LARGE = 'The picture is larger than 10 MB.';
const UNSUPPORTED =
  'Send the picture as JPEG, PNG, WebP or HEIC (Content-Type image/jpeg, image/png, image/webp, image/heic or image/heif).';

const pictureParams = z.object({
  id: z.uuid({ version: 'v4' }).transform((s) => s.toLowerCase()),
});
const pictureQuery = z.object({
  w: z.enum(['160', '480', '960'], { error: 'w must be 160, 480 or 960' }).optional(),
});

const mediaType = (req: FastifyRequest) =>
  (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();

/**
 * Refuses what is not a picture or too large from the headers alone, before a byte of the body is read (the route's
 * `bodyLimit` stops a body that announced no length, or lied about it, at the same size).
 */
async function checkUploadHeaders(req: FastifyRequest) {
  if (!(pictureTypes as readonly string[]).includes(mediaType(req)))
    throw new AppError(415, 'VALIDATION', UNSUPPORTED, undefined, { reason: 'PICTURE_TYPE_UNSUPPORTED' });
  const length = Number(req.headers['content-length']);
  if (length > MAX_PICTURE_BYTES)
    throw new AppError(413, 'VALIDATION', TOO_LARGE, undefined, { reason: 'PICTURE_TOO_LARGE' });
}

/** Own cover pictures (issue #20 item 5, decision 009). */
export const pictureRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const queue = new DecodeQueue(app.deps.pictures?.queue);
  // Each upload's place in the decode queue, from before its body is read until it is answered.
  const places = new WeakMap<FastifyRequest, DecodePlace>();
  const release = async (req: FastifyRequest) => {
    places.get(req)?.release();
  };
  /**
   * Before the body is read (issue 32): a place in the decode queue (so that bodies waiting to be decoded are
   * bounded), then the upload is counted toward the hourly quota, whatever becomes of it.
   */
  const admitUpload = async (req: FastifyRequest) => {
    const place = queue.admit(req.user.id);
    places.set(req, place);
    try {
      await countUploadOrRefuse(db, req.user.id);
    } catch (err) {
      place.release();
      throw err;
    }
  };

  // The body is the picture itself, up to 10 MB, for these types only (in this plugin's scope).
  app.addContentTypeParser(
    [...pictureTypes],
    { parseAs: 'buffer', bodyLimit: MAX_PICTURE_BYTES },
    (_req, body, done) => done(null, body),
  );
  // Fastify's own refusals of the body, in this route's words.
  app.setErrorHandler((err: unknown, req: FastifyRequest, reply: FastifyReply) => {
    const code = (err as { code?: string }).code;
    if (code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return handleError(
        new AppError(413, 'VALIDATION', TOO_LARGE, undefined, { reason: 'PICTURE_TOO_LARGE' }),
        req,
        reply,
      );
    if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
      return handleError(
        new AppError(415, 'VALIDATION', UNSUPPORTED, undefined, { reason: 'PICTURE_TYPE_UNSUPPORTED' }),
        req,
        reply,
      );
    if (code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || code === 'FST_ERR_CTP_INVALID_CONTENT_LENGTH')
      return handleError(badRequest(NOT_A_PICTURE, 'PICTURE_UNREADABLE'), req, reply);
    return handleError(err, req, reply);
  });

  app.post(
    '/pictures',
    {
      onRequest: [
        app.authenticate,
        ...app.limiter('pictures', 10, (req) => (req.user ? String(req.user.id) : undefined)),
        checkUploadHeaders,
        admitUpload,
      ],
      // Answered, refused while its body was read, or abandoned by the client: the place is given back.
      onResponse: release,
      onRequestAbort: release,
      bodyLimit: MAX_PICTURE_BYTES,
      schema: {
        tags: ['pictures'],
        security: [{ bearer: [] }],
        summary:
          'Upload a cover picture: the body is the image (JPEG, PNG, WebP or HEIC, at most 10 MB); it is stored ' +
          'without metadata as WebP 160, 480 and 960 px wide. Pass the answer’s id as a room’s pictureId.',
        consumes: [...pictureTypes],
        response: { 200: pictureResponse, 400: e, 401: e, 413: e, 415: e, 429: e },
      },
    },
    async (req, reply) => {
      const bytes = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const picture = await uploadPicture(db, req.user.id, bytes, {
        place: places.get(req)!,
        decodeTimeLimitMs: app.deps.pictures?.decodeTimeLimitMs,
      });
      return reply.send(ok(picture, 'Picture uploaded'));
    },
  );

  app.get(
    '/pictures/:id.webp',
    {
      schema: {
        tags: ['pictures'],
        summary:
          'A cover picture as WebP (no token: an <img> cannot send one; ids are random). `w` 160, 480 or 960 ' +
          '(default), never wider than the upload. Immutable: cached for a year.',
        params: pictureParams,
        querystring: pictureQuery,
        produces: ['image/webp'],
        response: { 400: e, 404: e },
      },
    },
    async (req, reply) => {
      const { id } = req.params;
      const rendition = await pictureRendition(db, id, Number(req.query.w ?? 960));
      if (!rendition) throw notFound('There is no such picture.', 'PICTURE_NOT_FOUND');
      const etag = `"${id}-${rendition.width}"`;
      reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', etag)
        .header('cross-origin-resource-policy', 'cross-origin');
      // Not modified: the bytes of an id and width never change.
      if (req.headers['if-none-match'] === etag) return (reply as FastifyReply).status(304).send();
      return reply.type('image/webp').send(rendition.webp as never);
    },
  );
};
