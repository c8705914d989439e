import { loadConfig } from './config.js';
import { openDatabase } from './db/connect.js';
import { seed, SeedRefused } from './seed.js';

// `npm run seed [-- --force]`: the demo into the configured database (DATABASE_URL, or the embedded one in DATA_DIR).
const config = loadConfig(process.env);
const quiet = { info: () => {}, warn: (o: object, m?: string) => console.warn(m ?? '', o) };
const database = await openDatabase(config, quiet);
try {
  await seed(database.db, {
    publicUrl: config.publicUrl,
    force: process.argv.includes('--force'),
    log: (l) => console.warn(l),
  });
} catch (err) {
  if (err instanceof SeedRefused) {
    console.error(err.message);
    process.exitCode = 1;
  } else throw err;
} finally {
  await database.close();
}
