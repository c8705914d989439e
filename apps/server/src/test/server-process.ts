import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';

const mainTs = fileURLToPath(new URL('../main.ts', import.meta.url));

export type ServerProcess = {
  child: ChildProcess;
  port: number;
  output: () => string;
  logLines: () => Record<string, unknown>[];
};

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** How many ports a start tries when the one picked was taken before the server could listen on it. */
const PORT_ATTEMPTS = 3;
/**
 * How long a start may take to answer /v1/health. A first start on an embedded PostgreSQL runs initdb: 20 s of the
 * 30 s this once was on a two-core host under the full suite's load (2026-12-02), and the server then missed it.
 */
const START_TIMEOUT_MS = 60_000;

/**
 * Runs the real server entry point (`main.ts` through tsx) and waits until /v1/health answers 200. A free port is
 * only free until someone binds it: between `freePort` closing it and the server listening on it, another process
 * (a concurrent test's server, an embedded PostgreSQL picking its own port) may take it. The server then exits with
 * EADDRINUSE on that port, and the start is tried again on another one; any other exit is the test's failure.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    try {
      return await startOnPort(env, port);
    } catch (err) {
      const taken = err instanceof PortTakenError && err.port === port;
      if (!taken || attempt === PORT_ATTEMPTS) throw err;
    }
  }
}

class PortTakenError extends Error {
  constructor(
    readonly port: number,
    message: string,
  ) {
    super(message);
  }
}

async function startOnPort(env: Record<string, string>, port: number): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=@outing/source', mainTs], {
    env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) {
      const message = `server exited (${child.exitCode}):\n${out}`;
      throw out.includes(`EADDRINUSE: address already in use 127.0.0.1:${port}`)
        ? new PortTakenError(port, message)
        : new Error(message);
    }
    try {
      const res = await fetch(`http://127.0.0.1:${port}/v1/health`);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not answer within ${START_TIMEOUT_MS / 1000} s:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    child,
    port,
    output: () => out,
    logLines: () =>
      out
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}

export function waitForExit(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}
