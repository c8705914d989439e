// The baselines every server figure is compared with, each a bare Fastify app in its own process, so that it
// competes for the same cores in the same way as the app does:
// - `node hello.mjs PORT`: hello-world, the baseline;
// - `node hello.mjs PORT DATABASE_URL POOL`: the same answer after one `SELECT 1` through `pg` (a named prepared
//   statement, as the app's hot queries are), the floor for any answer that needs the database.
import Fastify from 'fastify';
import pg from 'pg';

const [port, databaseUrl, poolSize] = process.argv.slice(2);
const pool = databaseUrl
  ? new pg.Pool({ connectionString: databaseUrl, max: Number(poolSize ?? 4) })
  : undefined;
const app = Fastify({ logger: false });
app.get('/', async () => {
  if (pool) await pool.query({ name: 'floor', text: 'SELECT 1 AS one' });
  return { hello: 'world' };
});
await app.listen({ host: '127.0.0.1', port: Number(port) });
process.send?.('ready');
process.on(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => pool?.end())
      .then(() => process.exit(0)),
);
