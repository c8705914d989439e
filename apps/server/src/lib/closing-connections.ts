import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Closing the app lets go of every connection that carries no request, besides the idle keep-alive connections Node
 * closes itself. Node's `server.close()` waits for every connection that is not idle:
 * - one that was opened but never sent a byte counts as busy until `headersTimeout` (60 s, checked every 30 s) ends
 *   it. A browser's preconnect, or a fetch aborted once its connection was open (the web-server tests' page, when
 *   socket frames invalidated the same queries in a row), held a shutdown for up to 90 s. It carries no request:
 *   closing it is what closing an idle keep-alive connection does. One that sent part of a request is left to finish.
 * - one whose request was under way is kept alive after the answer (Fastify's `keepAliveTimeout` is 72 s; a
 *   browser keeps it longer): answers sent while closing say `Connection: close`, so Node ends it after the answer.
 */
export function releaseConnectionsOnClose(app: FastifyInstance) {
  const open = new Set<Socket>();
  let closing = false;
  app.server.on('connection', (socket: Socket) => {
    // Accepted between the hook below and the server's close: nothing is served any more.
    if (closing) {
      socket.destroy();
      return;
    }
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  app.addHook('preClose', async () => {
    closing = true;
    for (const socket of open) if (socket.bytesRead === 0) socket.destroy();
  });
  app.addHook('onSend', async (_req, reply) => {
    if (closing) reply.header('connection', 'close');
  });
}
