import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '@outing/contract';
import { clientErrorHandler } from '../lib/client-errors.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { createUser, type TestUser } from '../test/users.js';

/**
 * Requests that Node's HTTP parser, or the router before any route, answers (issue #17 §5): each must still be the
 * error envelope of docs/api/README.md#envelope. Sent over a raw socket to a listening server, because `app.inject` skips
 * Node's parser; the app serves a web build, as in production, so the static files' catch-all route is there too.
 */

let t: TestApp;
let webDir: string;
let port: number;
let user: TestUser;

beforeAll(async () => {
  webDir = await mkdtemp(path.join(os.tmpdir(), 'outing-edges-web-'));
  await writeFile(
    path.join(webDir, 'index.html'),
    '<!doctype html><title>Outing</title><div id="root"></div>',
  );
  t = await createTestApp({ WEB_DIST: webDir });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as net.AddressInfo).port;
  user = await createUser(t);
});
afterAll(async () => {
  await t.close();
  await rm(webDir, { recursive: true, force: true });
});

type Answer = { status: number; headers: Record<string, string>; body: string };

/** Writes `text` as is and reads the one answer (the server closes after it: `Connection: close`, or an error). */
function raw(text: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const all = Buffer.concat(chunks).toString('latin1');
      const end = all.indexOf('\r\n\r\n');
      const [statusLine, ...lines] = all.slice(0, end).split('\r\n');
      const headers = Object.fromEntries(
        lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
      );
      let body = all.slice(end + 4);
      if (headers['transfer-encoding'] === 'chunked')
        body = body.replace(/^[0-9a-f]+\r\n|\r\n[0-9a-f]+\r\n/g, '');
      resolve({
        status: Number(statusLine?.split(' ')[1]),
        headers,
        body: body.replace(/\r\n0\r\n\r\n$/, ''),
      });
    });
    socket.setTimeout(5000, () => socket.destroy(new Error(`no answer to ${text.slice(0, 80)}`)));
  });
}

const request = (line: string, headers: string[] = [], body = '') =>
  raw([line, 'Host: localhost', 'Connection: close', ...headers, '', body].join('\r\n'));

function envelope(a: Answer) {
  expect(a.headers['content-type'], a.body).toMatch(/^application\/json/);
  const body = errorEnvelopeSchema.parse(JSON.parse(a.body));
  expect(body.message).toMatch(/^[A-Z].*\.$/); // a sentence, not Node's or Fastify's text
  return { status: a.status, code: body.code };
}

describe('what Node or the router answers is the error envelope', () => {
  it('an oversized Authorization header: 431 HEADERS_TOO_LARGE', async () => {
    const a = await request('GET /v1/rooms HTTP/1.1', [`Authorization: Bearer ${'a'.repeat(20_000)}`]);
    expect(envelope(a)).toEqual({ status: 431, code: 'HEADERS_TOO_LARGE' });
  });

  it('too many headers, or a request line over the limit: 431 HEADERS_TOO_LARGE', async () => {
    const many = Array.from({ length: 2000 }, (_, i) => `X-Filler-${i}: 1`);
    expect(envelope(await request('GET /v1/rooms HTTP/1.1', many))).toEqual({
      status: 431,
      code: 'HEADERS_TOO_LARGE',
    });
    expect(envelope(await request(`GET /v1/rooms?q=${'a'.repeat(20_000)} HTTP/1.1`))).toEqual({
      status: 431,
      code: 'HEADERS_TOO_LARGE',
    });
  });

  it('requests Node cannot parse: 400 VALIDATION', async () => {
    const post = (headers: string[]) =>
      request('POST /v1/auth HTTP/1.1', ['Content-Type: application/json', ...headers], '{}');
    for (const a of [
      await raw('GARBAGE\r\n\r\n'),
      await request('FROB /v1/rooms HTTP/1.1'),
      await post(['Content-Length: abc']),
      await post(['Content-Length: 2', 'Content-Length: 3']),
      await post(['Content-Length: 2', 'Transfer-Encoding: chunked']),
      await raw('GET /v1/rooms HTTP/1.1\r\nConnection: close\r\n\r\n'), // HTTP/1.1 without Host
    ])
      expect(envelope(a)).toEqual({ status: 400, code: 'VALIDATION' });
  });

  it('a request that takes too long to arrive: 408 REQUEST_TIMEOUT', () => {
    // Node's own timers take 30 s or more to fire: the handler is given the error Node raises then.
    let written = '';
    const socket = {
      writable: true,
      destroyed: false,
      write: (s: string) => (written += s),
      destroy: () => {},
    };
    const err = Object.assign(new Error('timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' });
    clientErrorHandler.call(t.app, err, socket as unknown as net.Socket);
    const end = written.indexOf('\r\n\r\n');
    const answer: Answer = {
      status: Number(written.split(' ')[1]),
      headers: { 'content-type': /content-type: ([^\r]*)/i.exec(written)![1]! },
      body: written.slice(end + 4),
    };
    expect(envelope(answer)).toEqual({ status: 408, code: 'REQUEST_TIMEOUT' });
  });

  it('a body over the limit: 413', async () => {
    const body = `{"username":"${'x'.repeat(300_000)}"}`;
    const a = await request(
      'POST /v1/auth HTTP/1.1',
      ['Content-Type: application/json', `Content-Length: ${body.length}`],
      body,
    );
    expect(envelope(a)).toEqual({ status: 413, code: 'VALIDATION' });
  });

  it('a path that cannot be decoded, an unknown method or a long unknown path under /v1: 404 NOT_FOUND', async () => {
    const auth = [`Authorization: Bearer ${user.token}`];
    for (const line of [
      'GET /v1/rooms/%zz HTTP/1.1',
      'GET /v1/r%zzooms HTTP/1.1',
      'PUT /v1/rooms HTTP/1.1',
      'TRACE /v1/rooms HTTP/1.1',
      `GET /v1/${'n'.repeat(300)}/x HTTP/1.1`, // a file name too long for the disk, were it a file
      'GET /v1/..%2f..%2fetc/passwd HTTP/1.1',
      `GET /v1/docs/static/${'a'.repeat(300)} HTTP/1.1`, // the API docs' own file server
      'GET /v1/docs/static/a%00b HTTP/1.1',
    ])
      expect(envelope(await request(line, auth)), line).toEqual({ status: 404, code: 'NOT_FOUND' });
  });
});

describe('a malformed room id', () => {
  const long = 'a'.repeat(5000);

  it('is 401 without a token, as any call needing one: authentication comes first', async () => {
    for (const line of [`GET /v1/rooms/${long} HTTP/1.1`, `GET /v1/rooms/${long}/messages HTTP/1.1`])
      expect(envelope(await request(line)), line.slice(0, 20)).toEqual({
        status: 401,
        code: 'UNAUTHENTICATED',
      });
  });

  it('is 404 NOT_FOUND for a signed-in caller, however long', async () => {
    const auth = [`Authorization: Bearer ${user.token}`];
    for (const id of [long, 'a'.repeat(101), 'not-a-room', '00000000-0000-0000-0000-000000000000'])
      for (const [method, suffix] of [
        ['GET', ''],
        ['GET', '/messages'],
        ['PATCH', '/join'],
        ['GET', '/attendees'],
      ] as const)
        expect(
          envelope(await request(`${method} /v1/rooms/${id}${suffix} HTTP/1.1`, auth)),
          id.slice(0, 20),
        ).toEqual({ status: 404, code: 'NOT_FOUND' });
  });
});
