import type { FastifyPluginAsync } from 'fastify';
import { findPreview } from './service.js';
import { withOpenGraph } from './open-graph.js';

/**
 * `GET /room/{id}`, the web app's room link, answered with the app's page plus the room's Open Graph tags, so a chat
 * app that fetches the link (without JavaScript) shows a card. An unknown room gets the plain page, as any deep link.
 */
export const roomPageRoute: FastifyPluginAsync<{ indexHtml: string }> = async (app, { indexHtml }) => {
  const { db, config } = app.deps;
  app.get(
    '/room/:id',
    // Not rate-limited: a page, like every other deep link (a limit would answer a browser with JSON); its one
    // indexed read costs about what the plain page does.
    { schema: { hide: true } },
    async (req, reply) => {
      const { id } = req.params as { id: string };
      const preview = await findPreview(db, config.publicUrl, id);
      reply.header('cache-control', 'no-cache');
      if (!preview) return reply.sendFile('index.html');
      return reply.type('text/html; charset=utf-8').send(withOpenGraph(indexHtml, preview, config.publicUrl));
    },
  );
};
