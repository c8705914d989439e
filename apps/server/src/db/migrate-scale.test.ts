import { readdir, readFile } from 'node:fs/promises';
import type pg from 'pg';
import { Logger, runMigrations as runJobQueueMigrations } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/db.js';
import { migrate } from './migrate.js';

/** 0012 (issue #22) on a database as the earlier migrations left it, with messages in two rooms. */

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase({ empty: true });
});
afterAll(() => t.drop());

const dir = new URL('./migrations/', import.meta.url);

async function before0012(pool: pg.Pool) {
  await runJobQueueMigrations({ pgPool: pool, logger: new Logger(() => () => {}) });
  const files = (await readdir(dir)).filter((f) => /^\d{4}_.+\.sql$/.test(f) && f < '0012').sort();
  for (const f of files) await pool.query(await readFile(new URL(f, dir), 'utf8'));
  await pool.query(
    'CREATE TABLE schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  await pool.query('INSERT INTO schema_migrations (name) SELECT unnest($1::text[])', [files]);
}

describe('0012 to 0014: message numbers, room message counts, trigram indexes', () => {
  it('numbers the messages a database has, counts them per room, and numbers new ones in id order', async () => {
    const q = (sql: string, params: unknown[] = []) => t.pool.query(sql, params).then((r) => r.rows);
    await before0012(t.pool);
    const [ann, ben] = (
      await q(`INSERT INTO users (username, email, is_email_valid) VALUES
        ('ann', 'ann@example.com', true), ('ben', 'ben@example.com', true) RETURNING id`)
    ).map((r) => r.id as number) as [number, number];
    const a = '6b1f7a0e-4c1d-4e8f-9a2b-3c4d5e6f7a8b';
    const b = '7c2f7a0e-4c1d-4e8f-9a2b-3c4d5e6f7a8b';
    const empty = '8d3f7a0e-4c1d-4e8f-9a2b-3c4d5e6f7a8b';
    for (const room of [a, b, empty])
      await q(
        `INSERT INTO rooms (id, name, date, time, venue, venue_place_id, venue_url, host_id)
         VALUES ($1, 'Board games', current_date + 7, '19:00', 'Café Central', 'local:cafe', 'https://maps.example', $2)`,
        [room, ann],
      );
    // Interleaved: a, b, a, a, b (one of them sent with a client id).
    for (const [room, sender, clientId] of [
      [a, ann, null],
      [b, ben, null],
      [a, ben, 'client-1'],
      [a, ann, null],
      [b, ann, null],
    ] as const)
      await q(`INSERT INTO messages (room_id, sender_id, content, client_id) VALUES ($1, $2, 'hi', $3)`, [
        room,
        sender,
        clientId,
      ]);

    // Every migration from 0012 on, those named here and any later one.
    const applied = (await migrate(t.pool)).applied;
    expect(applied.slice(0, 6)).toEqual([
      '0012_scale.sql',
      '0013_message_number_retry.sql',
      '0014_message_numbering_off_the_send.sql',
      '0015_awaiting_confirmation.sql',
      '0016_unread_from_the_index.sql',
      '0017_bills_by_owner.sql',
    ]);
    expect(applied).toEqual(
      (await readdir(dir)).filter((f) => /^\d{4}_.+\.sql$/.test(f) && f >= '0012').sort(),
    );
    const numbered = await q(`SELECT room_id, seq FROM messages ORDER BY id`);
    expect(numbered).toEqual([
      { room_id: a, seq: 1 },
      { room_id: b, seq: 1 },
      { room_id: a, seq: 2 },
      { room_id: a, seq: 3 },
      { room_id: b, seq: 2 },
    ]);
    const counts = async () =>
      Object.fromEntries(
        (await q(`SELECT id, message_count FROM rooms`)).map((r) => [r.id, r.message_count]),
      );
    expect(await counts()).toEqual({ [a]: 3, [b]: 2, [empty]: 0 });

    // New messages are sent unnumbered; numbering continues the room's numbers in the order of the ids. A retried
    // client id is refused and numbers nothing.
    const send = (room: string, sender: number, clientId: string | null = null) =>
      q(
        `INSERT INTO messages (room_id, sender_id, content, client_id) VALUES ($1, $2, 'again', $3)
         ON CONFLICT (room_id, sender_id, client_id) WHERE client_id IS NOT NULL DO NOTHING RETURNING id, seq`,
        [room, sender, clientId],
      );
    const number = async (room: string) =>
      (await q(`SELECT number_messages($1) AS n`, [room]))[0].n as number;
    const seqs = async (room: string) =>
      (await q(`SELECT seq FROM messages WHERE room_id = $1 ORDER BY id`, [room])).map((r) => r.seq);
    const [m4] = await send(a, ann);
    const [m1] = await send(empty, ben, 'client-2');
    expect([m4.seq, m1.seq]).toEqual([null, null]);
    expect(await send(a, ben, 'client-1')).toEqual([]);
    expect(await send(empty, ben, 'client-2')).toEqual([]);
    // Without ON CONFLICT the client id's index still refuses it, as before 0012.
    await expect(
      q(`INSERT INTO messages (room_id, sender_id, content, client_id) VALUES ($1, $2, 'x', 'client-1')`, [
        a,
        ben,
      ]),
    ).rejects.toThrow(/messages_client_id_idx/);
    const [m5] = await send(a, ben, 'client-3');
    expect(m5.id).toBeGreaterThan(m4.id);
    expect(await counts()).toEqual({ [a]: 3, [b]: 2, [empty]: 0 });
    expect([await number(a), await number(empty), await number(b)]).toEqual([2, 1, 0]);
    expect(await seqs(a)).toEqual([1, 2, 3, 4, 5]);
    expect(await seqs(empty)).toEqual([1]);
    expect(await counts()).toEqual({ [a]: 5, [b]: 2, [empty]: 1 });
    expect(await number(a)).toBe(0);

    // Twenty concurrent sends to one room while it is numbered over and over: numbers 6..25, each once, in the
    // order of the ids.
    await Promise.all([
      ...Array.from({ length: 20 }, (_, i) => send(a, i % 2 ? ann : ben)),
      ...Array.from({ length: 5 }, () => number(a)),
    ]);
    await number(a);
    expect(await seqs(a)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect((await counts())[a]).toBe(25);

    // A send that drew its id before numbering started but commits after: numbering waits for it, and a send
    // that starts meanwhile draws a larger id and stays unnumbered.
    const slow = await t.pool.connect();
    try {
      await slow.query('BEGIN');
      const early = (
        await slow.query(
          `INSERT INTO messages (room_id, sender_id, content) VALUES ($1, $2, 'slow') RETURNING id`,
          [a, ann],
        )
      ).rows[0].id as number;
      let numbered: number | undefined;
      const numbering = number(a).then((n) => (numbered = n));
      await new Promise((r) => setTimeout(r, 200));
      expect(numbered).toBeUndefined(); // waiting for the slow send
      const late = send(a, ben);
      await new Promise((r) => setTimeout(r, 100));
      await slow.query('COMMIT');
      await numbering;
      expect(numbered).toBe(1);
      const [lateRow] = await late;
      expect(lateRow.id).toBeGreaterThan(early);
      expect((await q(`SELECT seq FROM messages WHERE id = $1`, [early]))[0].seq).toBe(26);
      expect((await q(`SELECT seq FROM messages WHERE id = $1`, [lateRow.id]))[0].seq).toBeNull();
    } finally {
      slow.release();
    }
    expect(await number(a)).toBe(1);
    expect(await seqs(a)).toEqual(Array.from({ length: 27 }, (_, i) => i + 1));

    // The search indexes exist and serve a substring search.
    const indexes = (
      await q(`SELECT indexname FROM pg_indexes WHERE indexname LIKE '%trgm%' ORDER BY 1`)
    ).map((r) => r.indexname);
    // The test migrates to the latest: users_display_name_trgm_idx is 0028's.
    expect(indexes).toEqual([
      'rooms_name_trgm_idx',
      'rooms_venue_trgm_idx',
      'users_display_name_trgm_idx',
      'users_username_trgm_idx',
    ]);
    await q('SET enable_seqscan = off');
    const plan = (await q(`EXPLAIN SELECT id FROM users WHERE username ILIKE '%nn%'`))
      .map((r) => r['QUERY PLAN'])
      .join('\n');
    expect(plan).toContain('users_username_trgm_idx');
  });
});
