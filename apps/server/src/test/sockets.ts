import { WebSocket } from 'ws';
import type { SocketFrame } from '@outing/contract';

export type TestSocket = {
  ws: WebSocket;
  frames: SocketFrame[];
  /** The next frame of `type` not yet taken (waits for it). */
  next(type: SocketFrame['type'], timeoutMs?: number): Promise<SocketFrame>;
  /** Resolves with the close code. */
  closed: Promise<number>;
  opened: Promise<void>;
};

export function connect(baseUrl: string, token: string | undefined, origin?: string): TestSocket {
  const url = `${baseUrl.replace(/^http/, 'ws')}/v1/ws${token === undefined ? '' : `?token=${encodeURIComponent(token)}`}`;
  const ws = new WebSocket(url, origin ? { origin } : {});
  const frames: SocketFrame[] = [];
  const taken = new Set<SocketFrame>();
  const waiters: (() => void)[] = [];
  ws.on('message', (data) => {
    frames.push(JSON.parse(String(data)) as SocketFrame);
    for (const w of waiters.splice(0)) w();
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  const opened = new Promise<void>((resolve, reject) => {
    ws.on('open', () => resolve());
    ws.on('error', reject);
  });
  return {
    ws,
    frames,
    closed,
    opened,
    async next(type, timeoutMs = 3000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const f = frames.find((x) => x.type === type && !taken.has(x));
        if (f) {
          taken.add(f);
          return f;
        }
        const left = deadline - Date.now();
        if (left <= 0)
          throw new Error(
            `no ${type} frame within ${timeoutMs} ms (got ${frames.map((x) => x.type).join(', ') || 'none'})`,
          );
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => (clearTimeout(timer), resolve()));
        });
      }
    },
  };
}

/** Lets the server see the client as registered: one round trip after the upgrade. */
export const settle = () => new Promise((r) => setTimeout(r, 150));
