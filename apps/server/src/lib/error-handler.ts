import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorEnvelope, ErrorReason, Issue } from '@outing/contract';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, badRequest, isDatabaseUnavailable, notFound, unavailable } from './errors.js';

const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again later.';

function send(reply: FastifyReply, err: AppError) {
  const body: ErrorEnvelope = {
    ...err.extra?.body,
    status: 'error',
    message: err.message,
    code: err.code,
    data: null,
  };
  if (err.reason) body.reason = err.reason;
  if (err.issues?.length) body.issues = err.issues;
  for (const [name, value] of Object.entries(err.extra?.headers ?? {})) reply.header(name, value);
  return reply.status(err.status).type('application/json; charset=utf-8').send(body);
}

function pathOf(context: string | undefined, instancePath: string): string {
  const inner = instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (context === 'body' || !context) return inner;
  const where = context === 'querystring' ? 'query' : context;
  return inner ? `${where}.${inner}` : where;
}

/**
 * PostgreSQL text cannot hold U+0000 (22021 character_not_in_repertoire; 22P05 for the untranslatable escape), and
 * the contract's string schemas do not forbid it, so such input is refused here rather than reported as a bug.
 */
function isUnstorableText(err: unknown): boolean {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = e?.code ?? e?.cause?.code;
  return code === '22021' || code === '22P05';
}

/** Turns whatever was thrown into an AppError; anything unrecognised is a bug (500). */
export function toAppError(err: unknown): AppError | undefined {
  if (err instanceof AppError) return err;
  if (hasZodFastifySchemaValidationErrors(err)) {
    // A malformed id in the path names nothing that exists (docs/api/README.md#status-rules).
    if (err.validationContext === 'params') return notFound('Not found.', 'NOT_FOUND');
    const issues: Issue[] = err.validation.map((v) => ({
      path: pathOf(err.validationContext, v.instancePath),
      message: v.message ?? 'Is not a valid value.',
    }));
    const first = issues[0];
    const message = first
      ? first.path
        ? `${first.path}: ${first.message}`
        : first.message
      : 'Invalid request.';
    return new AppError(400, 'VALIDATION', message, issues);
  }
  if (isDatabaseUnavailable(err)) return unavailable();
  if (isUnstorableText(err)) return badRequest('Text may not contain NUL characters.', 'NUL_CHARACTER');
  const fe = err as Partial<FastifyError>;
  switch (fe.code) {
    // A path that cannot be decoded, or a path parameter over the router's length limit, names nothing.
    case 'FST_ERR_BAD_URL':
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return notFound('Not found.', 'NOT_FOUND');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return badRequest('The request body is not valid JSON.', 'INVALID_JSON');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return badRequest('Send the request body as application/json.', 'UNSUPPORTED_MEDIA_TYPE');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError(413, 'VALIDATION', 'The request body is too large.', undefined, {
        reason: 'BODY_TOO_LARGE',
      });
  }
  if (typeof fe.statusCode === 'number' && fe.statusCode === 429) {
    return new AppError(
      429,
      'RATE_LIMITED',
      'Too many requests. Please wait a moment and try again.',
      undefined,
      {
        reason: 'TOO_MANY_REQUESTS',
      },
    );
  }
  // A file server's refusal (a name too long or with NUL, the API docs' files included) names no file: 404.
  if (fe.statusCode === 403 || fe.statusCode === 404) return notFound('Not found.', 'NOT_FOUND');
  if (typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
    // A client error raised by Fastify itself (e.g. a malformed URL); its message names no internals.
    return new AppError(fe.statusCode, 'VALIDATION', 'Bad request, please check the request.', undefined, {
      reason: 'MALFORMED_REQUEST',
    });
  }
  return undefined;
}

/** The one error handler; also Fastify's `frameworkErrors`, which it otherwise answers outside the envelope. */
export function handleError(err: unknown, request: FastifyRequest, reply: FastifyReply) {
  // The app's onSend hook sets this too, but a framework error's reply does not pass through the app's hooks.
  reply.header('x-request-id', request.id);
  const known = toAppError(err);
  if (known) {
    if (known.status >= 500) request.log.error({ err }, known.message);
    else request.log.info({ code: known.code, status: known.status }, known.message);
    return send(reply, known);
  }
  request.log.error({ err }, 'unhandled error');
  return send(
    reply,
    new AppError(500, 'INTERNAL', INTERNAL_MESSAGE, undefined, { reason: 'INTERNAL_ERROR' }),
  );
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler(handleError);
}

export function sendNotFound(
  reply: FastifyReply,
  message = 'There is no such API route.',
  reason: ErrorReason = 'ROUTE_NOT_FOUND',
) {
  return send(reply, notFound(message, reason));
}
