// The baseline every server figure is divided by: a bare Fastify hello-world in its own process, so that it
// competes for the same cores in the same way as the app does.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ host: '127.0.0.1', port: Number(process.argv[2]) });
process.send?.('ready');
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
