import type { SocketFrame } from './frames';
import type { SocketLike } from './realtime-client';

// Test double of the browser's WebSocket, injected with `setRealtimeSocketClass(FakeWebSocket)`. Tests play the
// server: `open()`, `receive(frame)`, `serverClose(code)`. Not imported by the app.

export class FakeWebSocket implements SocketLike {
  static instances: FakeWebSocket[] = [];

  static reset(): void {
    FakeWebSocket.instances = [];
  }

  /** The newest socket. */
  static latest(): FakeWebSocket {
    const socket = FakeWebSocket.instances.at(-1);
    if (!socket) throw new Error('no socket was opened');
    return socket;
  }

  readonly url: string;
  readyState = 0;
  /** Set when the app closed it, with the code it gave. */
  closedByClient: number | null = null;
  onopen: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  /** What the app sent, parsed. */
  sent: unknown[] = [];

  constructor(url: string) {
    this.url = url;
    FakeWebSocket.instances.push(this);
  }

  get token(): string | null {
    return new URL(this.url).searchParams.get('token');
  }

  close(code = 1000): void {
    if (this.readyState >= 2) return;
    this.closedByClient = code;
    this.readyState = 3;
    this.onclose?.(new CloseEvent('close', { code, wasClean: true }));
  }

  send(data: string): void {
    if (this.readyState !== 1) throw new Error('send on a socket that is not open');
    this.sent.push(JSON.parse(data));
  }

  open(): void {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }

  receive(frame: SocketFrame | Record<string, unknown> | string): void {
    const data = typeof frame === 'string' ? frame : JSON.stringify(frame);
    this.onmessage?.(new MessageEvent('message', { data }));
  }

  /** The server (or the network) ends the connection. */
  serverClose(code = 1006): void {
    this.readyState = 3;
    this.onerror?.(new Event('error'));
    this.onclose?.(new CloseEvent('close', { code, wasClean: code !== 1006 }));
  }
}
