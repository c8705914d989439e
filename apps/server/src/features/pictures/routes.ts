import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_PICTURE_BYTES, pictureEndpoints as pictures, pictureTypes } from '@outing/contract';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import { handleError } from '../../lib/error-handler.js';
import { ok } from '../../lib/envelope.js';
import { route } from '../../lib/route.js';
import { DecodeQueue, type DecodePlace } from './decode-queue.js';
import { NOT_A_PICTURE } from './limits.js';
import { countUploadOrRefuse, pictureRendition, uploadPicture } from './service.js';

const TOO_LARGE = 'The picture is larger than 10 MB.';
const UNSUPPORTED =
  'Send the picture as JPEG, PNG, WebP or HEIC (Content-Type image/jpeg, image/png, image/webp, image/heic or image/heif).';

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

/** Own cover pictures (issue #20 item 5, decision 009); declared in packages/contract/src/endpoints/pictures.ts. */
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

  // Answered, refused while its body was read, or abandoned by the client: the upload's place is given back (a
  // request without one, the file's, has nothing to give back).
  app.addHook('onResponse', release);

  route(
    app,
    pictures.upload,
    async (req) => {
      const bytes = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const picture = await uploadPicture(db, req.user.id, bytes, {
        place: places.get(req)!,
        decodeTimeLimitMs: app.deps.pictures?.decodeTimeLimitMs,
      });
      return ok(picture, 'Picture uploaded');
    },
    {
      onRequest: [
        ...app.limiter('pictures', 10, (req) => (req.user ? String(req.user.id) : undefined)),
        checkUploadHeaders,
        admitUpload,
      ],
      onRequestAbort: release,
      bodyLimit: MAX_PICTURE_BYTES,
    },
  );

  route(app, pictures.file, async (req, reply) => {
    const { id } = req.params;
    const rendition = await pictureRendition(db, id, Number(req.query.w ?? 960));
    if (!rendition) throw notFound('There is no such picture.', 'PICTURE_NOT_FOUND');
    const etag = `"${id}-${rendition.width}"`;
    reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('etag', etag)
      .header('cross-origin-resource-policy', 'cross-origin');
    // Not modified: the bytes of an id and width never change.
    if (req.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type('image/webp').send(rendition.webp as never);
  });
};
