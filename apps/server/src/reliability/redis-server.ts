import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import { freePort } from '../test/server-process.js';
import { sleep } from './helpers.js';

export const REDIS_SERVER = '/usr/bin/redis-server';
export const hasRedisServer = existsSync(REDIS_SERVER);

function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let reply = '';
    socket.setTimeout(500, () => (socket.destroy(), resolve(false)));
    socket.on('error', () => resolve(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (c: Buffer) => {
      reply += c.toString();
      if (reply.includes('\r\n')) {
        socket.end();
        resolve(reply.startsWith('+PONG'));
      }
    });
  });
}

/** A throw-away Redis of this test's own (no persistence) that can be killed and started again on its port. */
export async function ownRedis() {
  const port = await freePort();
  let child: ChildProcess | undefined;

  async function start() {
    child = spawn(
      REDIS_SERVER,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    const deadline = Date.now() + 10_000;
    while (!(await ping(port))) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error('redis-server did not start');
      await sleep(25);
    }
  }

  async function kill() {
    const c = child;
    if (!c || c.exitCode !== null || c.signalCode !== null) return;
    const exited = new Promise((resolve) => c.once('exit', resolve));
    c.kill('SIGKILL');
    await exited;
  }

  await start();
  return { url: `redis://127.0.0.1:${port}`, start, kill };
}
