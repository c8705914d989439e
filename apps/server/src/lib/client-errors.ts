import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ErrorEnvelope } from '@outing/contract';
import { AppError, badRequest } from './errors.js';

/**
 * What Node's HTTP parser refuses before Fastify sees a request (issue #17 §5): Fastify's default answer to it is
 * not the error envelope of docs/api/README.md#envelope. Node limits the request line and headers together to 16 KiB.
 */
function answerFor(code: string | undefined): AppError {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return new AppError(
        431,
        'HEADERS_TOO_LARGE',
        'The request headers (or its address) are too large. Send a shorter request.',
        undefined,
        { reason: 'HEADERS_TOO_LARGE' },
      );
    case 'ERR_HTTP_REQUEST_TIMEOUT':
    case 'ERR_HTTP_HEADERS_TIMEOUT':
      return new AppError(
        408,
        'REQUEST_TIMEOUT',
        'The request took too long to arrive. Please try again.',
        undefined,
        {
          reason: 'REQUEST_TIMEOUT',
        },
      );
    default:
      return badRequest('The request is not valid HTTP. Please check how it is sent.', 'MALFORMED_REQUEST');
  }
}

/** Fastify's `clientErrorHandler`: the answer in the envelope, then the connection closes (as Node does). */
export function clientErrorHandler(
  this: { log: FastifyBaseLogger },
  err: Error & { code?: string },
  socket: Socket,
) {
  // A reset connection has nobody to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const answer = answerFor(err.code);
  // A client's fault: no stack, and below the default level, so that a flood of bad requests cannot fill the log.
  this.log.debug({ code: err.code, status: answer.status }, 'refused a request Node could not parse');
  const body: ErrorEnvelope = { status: 'error', message: answer.message, code: answer.code, data: null };
  if (answer.reason) body.reason = answer.reason;
  const text = JSON.stringify(body);
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${answer.status} ${http.STATUS_CODES[answer.status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(text)}\r\n` +
        'Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n' +
        text,
    );
  socket.destroy(err);
}

/**
 * HTTP/1.1 needs a Host header. Node refuses its absence itself with an empty 400 (outside the envelope); the app
 * turns that check off (`requireHostHeader: false`) and makes it here instead.
 */
export function registerHostCheck(app: FastifyInstance) {
  app.addHook('onRequest', (req, _reply, done) => {
    if (req.raw.httpVersion === '1.1' && !req.headers.host)
      return done(badRequest('The request has no Host header; HTTP/1.1 requires one.', 'MISSING_HOST'));
    done();
  });
}
