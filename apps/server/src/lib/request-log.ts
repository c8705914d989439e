import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * Fastify's request log lines, one per request: nothing when it arrives, and when it has been answered the line
 * Fastify writes then with the request (method, URL through the logger's redacting serializer, address) added. Half
 * the lines, and nothing at all is built for them when the level leaves `info` out. Errors are logged as Fastify
 * does.
 */
const LOGS_INFO = new Set(['info', 'debug', 'trace']);

export class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error) return super.requestCompleted(error, request, reply);
    if (!LOGS_INFO.has(reply.log.level)) return;
    reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
