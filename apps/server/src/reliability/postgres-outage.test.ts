import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema, healthResponse } from '@outing/contract';
import { createTokenService } from '../lib/tokens.js';
import { TEST_JWT_SECRET } from '../test/app.js';
import { roomPayload } from '../test/rooms.js';
import { startServerProcess, waitForExit, type ServerProcess } from '../test/server-process.js';
import { baseUrl, call, sleep } from './helpers.js';
import { ownPostgres, postgresBinaries } from './pg-server.js';

const hasPostgres = Boolean(await postgresBinaries());

// PostgreSQL restarted under a running server: meanwhile every call fails fast and cleanly (503 in the error
// envelope, health not ready), and afterwards the same process serves again without a restart.
describe.skipIf(!hasPostgres && !process.env.CI)(
  'PostgreSQL stopped and started again under a running server',
  () => {
    let dir: string;
    let database: Awaited<ReturnType<typeof ownPostgres>>;
    let server: ServerProcess;
    let token: string;

    beforeAll(async () => {
      dir = await mkdtemp(path.join(os.tmpdir(), 'outing-pg-outage-'));
      database = await ownPostgres(dir);
      server = await startServerProcess({
        DATABASE_URL: database.url,
        JWT_SECRET: TEST_JWT_SECRET,
        DATA_DIR: '/nonexistent-outing-pg-outage',
        LOG_LEVEL: 'warn',
      });
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      const { rows } = await client.query<{ id: number }>(
        `INSERT INTO users (username, email, is_email_valid) VALUES ('pg_out', 'pg_out@example.com', true) RETURNING id`,
      );
      await client.end();
      token = await createTokenService(TEST_JWT_SECRET).sign({
        id: rows[0]!.id,
        username: 'pg_out',
        email: 'pg_out@example.com',
        pictureUrl: '',
      });
    }, 90_000);

    afterAll(async () => {
      if (server) {
        server.child.kill('SIGTERM');
        await waitForExit(server.child);
      }
      await database?.stop();
      await rm(dir, { recursive: true, force: true });
    });

    it('503 with the error envelope while it is down, health not ready, and served again after', async () => {
      const base = baseUrl(server);
      const health = await call(base, undefined, 'GET', '/v1/health');
      expect(health.status).toBe(200);
      expect(healthResponse.parse(health.body).data).toMatchObject({ ok: true, database: 'up' });
      const room = await call(base, token, 'POST', '/v1/rooms', roomPayload());
      expect(room.status).toBe(200);
      const roomId = (room.body.data as { room: { id: string } }).room.id;
      const pid = server.child.pid;

      await database.stop();

      // Reads, writes, authentication (the token's user is re-read), and readiness, several at once.
      const requests: [string, string, object?][] = [
        ['GET', '/v1/health'],
        ['GET', '/v1/rooms'],
        ['GET', `/v1/rooms/${roomId}`],
        ['POST', `/v1/rooms/${roomId}/messages`, { content: 'while the database is down' }],
        ['POST', '/v1/rooms', roomPayload()],
        ['GET', '/v1/notifications'],
      ];
      for (let round = 0; round < 2; round++) {
        const started = Date.now();
        const answers = await Promise.all(
          requests.map(([method, url, body]) =>
            call(base, url === '/v1/health' ? undefined : token, method, url, body),
          ),
        );
        const elapsed = Date.now() - started;
        for (const [i, answer] of answers.entries()) {
          expect(answer.status, `${requests[i]![0]} ${requests[i]![1]}: ${JSON.stringify(answer.body)}`).toBe(
            503,
          );
          expect(errorEnvelopeSchema.parse(answer.body)).toMatchObject({ code: 'UNAVAILABLE', data: null });
        }
        expect(elapsed, 'answered promptly, not after a hang').toBeLessThan(6_000);
      }
      expect(server.output()).not.toContain('unhandled error');

      await database.start();

      // No restart of the server: the pool replaces its dead connections on the next requests.
      const deadline = Date.now() + 10_000;
      let ready = await call(base, undefined, 'GET', '/v1/health');
      while (ready.status !== 200 && Date.now() < deadline) {
        await sleep(100);
        ready = await call(base, undefined, 'GET', '/v1/health');
      }
      expect(ready.status).toBe(200);
      for (let i = 0; i < 3; i++) {
        // several calls, so that every pooled connection from before the restart has been tried
        expect((await call(base, token, 'GET', '/v1/rooms')).status).toBe(200);
      }
      const sent = await call(base, token, 'POST', `/v1/rooms/${roomId}/messages`, { content: 'after' });
      expect(sent.status).toBe(200);
      const page = await call(base, token, 'GET', `/v1/rooms/${roomId}/messages`);
      expect((page.body.data as { messages: { content: string }[] }).messages.map((m) => m.content)).toEqual([
        'after',
      ]);
      expect(server.child.pid).toBe(pid);
      expect(server.child.exitCode).toBeNull();
    }, 60_000);
  },
);
