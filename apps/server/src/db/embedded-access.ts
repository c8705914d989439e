import { execFile } from 'node:child_process';
import { chmod, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

type Logger = { info: (obj: object, msg?: string) => void };
export type RunAs = { uid: number; gid: number };

/** A start-up failure the person starting the server can fix; main prints its message alone, without a stack. */
export class EmbeddedPostgresError extends Error {
  override name = 'EmbeddedPostgresError';
}

/** Whether `who` may pass through a folder with this mode and owner (owner, then group, then others bits). */
function maySearch(s: { mode: number; uid: number; gid: number }, who: RunAs): boolean {
  if (s.uid === who.uid) return (s.mode & 0o100) !== 0;
  if (s.gid === who.gid) return (s.mode & 0o010) !== 0;
  return (s.mode & 0o001) !== 0;
}

async function userName(uid: number): Promise<string> {
  return (await run('id', ['-nu', String(uid)]).catch(() => ({ stdout: `uid ${uid}` }))).stdout.trim();
}

/**
 * When the server runs as root, PostgreSQL runs as another user, which must be able to pass through every folder
 * on the way to `DATA_DIR/pg`. DATA_DIR is the server's own folder: when it does not let that user in (a 0700
 * `mktemp -d`), it gets the right to pass through (o+x: enter, not list; secrets.json stays 0600). A folder above
 * DATA_DIR belongs to someone else, so it is left as it is and the start stops with one sentence saying what to do.
 */
export async function letPostgresReach(dataDir: string, who: RunAs, log: Logger): Promise<void> {
  const own = path.resolve(dataDir);
  const above: string[] = [];
  for (let dir = path.dirname(own); ; dir = path.dirname(dir)) {
    above.unshift(dir);
    if (dir === path.dirname(dir)) break;
  }
  for (const dir of above) {
    if (maySearch(await stat(dir), who)) continue;
    throw new EmbeddedPostgresError(
      `The embedded PostgreSQL runs as the user "${await userName(who.uid)}", which may not enter ${dir} on the ` +
        `way to DATA_DIR ${own}: allow it with \`chmod o+x ${dir}\`, choose a DATA_DIR it can reach, or set ` +
        'DATABASE_URL.',
    );
  }
  const s = await stat(own);
  if (maySearch(s, who)) return;
  await chmod(own, (s.mode & 0o7777) | 0o001);
  log.info({ dataDir: own }, 'let the embedded PostgreSQL user pass through DATA_DIR (o+x)');
}
