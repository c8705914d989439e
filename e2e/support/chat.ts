import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { openSignedIn, type Account } from './accounts.js';
import { freePort } from './ports.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The global set-up's server. */
export const globalBaseUrl = () => `http://127.0.0.1:${process.env.E2E_PORT}`;

async function call<T>(
  baseUrl: string,
  token: string,
  method: string,
  url: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${baseUrl}/v1${url}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url} failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

function weekAhead(): string {
  return new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
}

/** A public room hosted by `host`, joined by each of `members`; returns its id. */
export async function createRoomWith(
  host: Account,
  members: Account[],
  baseUrl = globalBaseUrl(),
  name = 'Chat test',
): Promise<string> {
  const { room } = await call<{ room: { id: string } }>(baseUrl, host.token, 'POST', '/rooms', {
    room: {
      name,
      date: weekAhead(),
      venue: 'Cafe',
      venuePlaceId: 'local:cafe',
      time: '19:00',
      imageUrl: '/imgs/party.png',
      isPrivate: false,
      description: '',
    },
    invitees: [],
  });
  for (const member of members) await call(baseUrl, member.token, 'PATCH', `/rooms/${room.id}/join`);
  return room.id;
}

/** Sends a message through the API, as `as`. */
export async function postMessage(as: Account, roomId: string, content: string, baseUrl = globalBaseUrl()) {
  return call<{ id: number }>(baseUrl, as.token, 'POST', `/rooms/${roomId}/messages`, { content });
}

/** A person in a browser context of their own at 390×844 (or `width`), signed in, at `urlPath`. */
export async function personPage(
  browser: Browser,
  account: Account,
  urlPath: string,
  options: { baseURL?: string; width?: number } = {},
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: options.baseURL ?? test.info().project.use.baseURL,
    viewport: { width: options.width ?? 390, height: 844 },
    locale: 'en-GB',
    timezoneId: 'UTC',
  });
  const page = await context.newPage();
  await openSignedIn(page, account, urlPath);
  return page;
}

/** The chat's message rows whose bubble says exactly `content`. */
export function messageRows(page: Page, content: string) {
  return page
    .getByRole('log', { name: 'Messages' })
    .getByRole('listitem')
    .filter({ has: page.getByText(content, { exact: true }) });
}

/** Waits until the chat shows `content` in exactly one row. */
export async function expectOnce(page: Page, content: string, timeout?: number) {
  await expect(messageRows(page, content)).toHaveCount(1, { timeout });
}

/**
 * A server of a spec's own (the global one cannot be restarted): the built `apps/server/dist/main.js` on its own
 * embedded PostgreSQL in a fresh data directory, mailing to the global set-up's catcher. `kill()` and `start()`
 * again keep the port and the data.
 */
export class OwnServer {
  readonly port: number;
  readonly dataDir: string;
  #process: ChildProcess | null = null;

  private constructor(port: number, dataDir: string) {
    this.port = port;
    this.dataDir = dataDir;
  }

  static async create(): Promise<OwnServer> {
    const main = path.join(root, 'apps/server/dist/main.js');
    if (!existsSync(main)) throw new Error('The server is not built: run `npm run build`.');
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'outing-e2e-chat-'));
    await chmod(dataDir, 0o755);
    return new OwnServer(await freePort(), dataDir);
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts it and waits until /v1/health answers 200. */
  async start(): Promise<void> {
    const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
      env: {
        PATH: process.env.PATH,
        HOST: '127.0.0.1',
        PORT: String(this.port),
        PUBLIC_URL: this.baseUrl,
        DATA_DIR: this.dataDir,
        SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
        RATE_LIMITS: 'off',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    this.#process = child;
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the chat spec's server exited (${child.exitCode})`);
      try {
        if ((await fetch(`${this.baseUrl}/v1/health`)).ok) return;
      } catch {
        // not up yet
      }
      if (Date.now() > deadline) throw new Error('the chat spec’s server did not start within 60 s');
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** SIGKILL: no goodbye to the sockets, as in a crash. */
  async kill(): Promise<void> {
    await this.#signal('SIGKILL');
  }

  /** Stops it (and a PostgreSQL a killed server left behind) and removes the data directory. */
  async dispose(): Promise<void> {
    await this.#signal('SIGTERM');
    await this.#stopOrphanPostgres();
    await rm(this.dataDir, { recursive: true, force: true });
  }

  async #signal(signal: NodeJS.Signals) {
    const child = this.#process;
    this.#process = null;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    await exited;
  }

  async #stopOrphanPostgres() {
    const pid = Number(
      (await readFile(path.join(this.dataDir, 'pg', 'postmaster.pid'), 'utf8').catch(() => '')).split(
        '\n',
      )[0],
    );
    if (!Number.isInteger(pid) || pid <= 0) return;
    const alive = () => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    if (!alive()) return;
    // Only the PostgreSQL of this data directory (a pid can be reused).
    const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (!cmdline.includes(this.dataDir)) return;
    process.kill(pid, 'SIGINT'); // PostgreSQL's fast shutdown
    const deadline = Date.now() + 15_000;
    while (alive() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  }
}
