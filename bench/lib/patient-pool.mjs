// Loaded with `--import` into a server that runs under valgrind (bench/instructions.mjs): there, start-up runs
// 20–50× slower, and the pool's 5 s connection timeout (db/pool.ts) expires while the main thread is still
// importing modules, before it can read PostgreSQL's answer. This removes that timeout in that process only.
import pg from 'pg';

const { Pool } = pg;
pg.Pool = class PatientPool extends Pool {
  constructor(options = {}) {
    super({ ...options, connectionTimeoutMillis: 0 });
  }
};
