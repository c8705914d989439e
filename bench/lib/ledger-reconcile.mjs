import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { serverDist } from './server.mjs';

/**
 * After a seed that writes bills and transactions in bulk SQL: every room with money is brought to its one live
 * ledger (docs/money.md) by the built server's own `drainLedgerQueue`, so that its unpaid transactions are exactly its
 * fewest transfers, as the server keeps them. A few thousand rooms per transaction; answers how many rooms.
 */
export async function reconcileSeeded(pool, { log = () => {} } = {}) {
  const { drainLedgerQueue } = await import(path.join(serverDist, 'features/bills/ledger.js'));
  const t0 = Date.now();
  await pool.query(`INSERT INTO ledger_queue (room_id)
    SELECT room_id FROM bills UNION SELECT room_id FROM transactions ON CONFLICT DO NOTHING`);
  const client = await pool.connect();
  let rooms = 0;
  try {
    const db = drizzle({ client });
    for (;;) {
      await client.query('BEGIN');
      // One batch: the queue's first rooms, the rest left queued for the next.
      await client.query(`CREATE TEMP TABLE IF NOT EXISTS ledger_rest (room_id uuid) ON COMMIT DELETE ROWS`);
      await client.query(
        `INSERT INTO ledger_rest SELECT room_id FROM ledger_queue ORDER BY room_id OFFSET 2000`,
      );
      await client.query(`DELETE FROM ledger_queue q USING ledger_rest r WHERE q.room_id = r.room_id`);
      const n = await drainLedgerQueue(db);
      await client.query(`INSERT INTO ledger_queue SELECT room_id FROM ledger_rest`);
      await client.query('COMMIT');
      rooms += n;
      if (n === 0) break;
    }
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
  log(
    `  ${rooms.toLocaleString('en')} rooms brought to their ledger in ${((Date.now() - t0) / 1000).toFixed(0)} s`,
  );
  return rooms;
}
