// Where PostgreSQL's time goes, without pg_stat_statements (which needs a restart to load): the statements of the
// active backends, sampled from pg_stat_activity every few milliseconds on a connection of its own. A statement's
// share of the samples is its share of the database's busy time. The server sends parameterised statements, so the
// text names the statement, not one call of it.

/** Starts sampling `pool`'s database; `stop()` resolves with the statements by share of samples, largest first. */
export function sampleStatements(pool, everyMs = 5) {
  const counts = new Map();
  let samples = 0;
  let active = 0;
  let stopped = false;
  const loop = (async () => {
    const client = await pool.connect();
    try {
      while (!stopped) {
        const { rows } = await client.query(
          `SELECT query FROM pg_stat_activity
           WHERE state = 'active' AND pid <> pg_backend_pid() AND datname = current_database()
             AND backend_type = 'client backend'`,
        );
        samples++;
        for (const { query } of rows) {
          const text = query.replace(/\s+/g, ' ').trim().slice(0, 160);
          counts.set(text, (counts.get(text) ?? 0) + 1);
          active++;
        }
        await new Promise((r) => setTimeout(r, everyMs));
      }
    } finally {
      client.release();
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      const top = [...counts.entries()]
        .map(([statement, n]) => ({ statement, share: n / Math.max(1, active), perSample: n / samples }))
        .sort((a, b) => b.share - a.share);
      return { samples, meanActive: active / Math.max(1, samples), top };
    },
  };
}
