// Fails unless the PostgreSQL of TEST_DATABASE_URL and the Redis of TEST_REDIS_URL answer.
import net from 'node:net';
import pg from 'pg';

const failures = [];

const dbUrl = process.env.TEST_DATABASE_URL;
if (!dbUrl) failures.push('TEST_DATABASE_URL is not set');
else {
  const client = new pg.Client({ connectionString: dbUrl, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    const { rows } = await client.query('SHOW server_version');
    console.log(`PostgreSQL ${rows[0].server_version} at ${new URL(dbUrl).host}`);
  } catch (err) {
    failures.push(`PostgreSQL at ${dbUrl} is not reachable: ${err.message}`);
  } finally {
    await client.end().catch(() => {});
  }
}

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) failures.push('TEST_REDIS_URL is not set');
else {
  const u = new URL(redisUrl);
  const reply = await new Promise((resolve) => {
    const socket = net.connect(Number(u.port || 6379), u.hostname);
    const timer = setTimeout(() => (socket.destroy(), resolve('timeout')), 5000);
    socket.on('error', (err) => (clearTimeout(timer), resolve(err.message)));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (d) => (clearTimeout(timer), socket.end(), resolve(d.toString().trim())));
  });
  if (reply === '+PONG') console.log(`Redis at ${u.host}`);
  else failures.push(`Redis at ${redisUrl} did not answer PING: ${reply}`);
}

if (failures.length) {
  for (const f of failures) console.error(f);
  process.exit(1);
}
