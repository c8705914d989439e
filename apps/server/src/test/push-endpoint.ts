import { createECDH, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { importJWK, jwtVerify } from 'jose';

export type Received = { headers: http.IncomingHttpHeaders; body: Buffer };

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** A browser's side of a push subscription: its key pair and auth secret, and RFC 8291 decryption. */
export function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  const uaPublic = ecdh.getPublicKey();
  return {
    p256dh: uaPublic.toString('base64url'),
    auth: auth.toString('base64url'),
    /** Decrypts an aes128gcm push body (one record). */
    decrypt(body: Buffer): string {
      const salt = body.subarray(0, 16);
      const idlen = body[20]!;
      const asPublic = body.subarray(21, 21 + idlen);
      const ciphertext = body.subarray(21 + idlen);
      const shared = ecdh.computeSecret(asPublic);
      const prkKey = hmac(auth, shared);
      const ikm = hmac(
        prkKey,
        Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic, Buffer.from([1])]),
      );
      const prk = hmac(salt, ikm);
      const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
      const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
      const padded = Buffer.concat([
        decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
        decipher.final(),
      ]);
      let end = padded.length - 1;
      while (end >= 0 && padded[end] === 0) end--;
      if (padded[end] !== 2) throw new Error('not a last record');
      return padded.subarray(0, end).toString('utf8');
    },
  };
}

/** Checks the VAPID Authorization header: an ES256 JWT for the endpoint's origin, signed by the key it names. */
export async function verifyVapid(header: string | undefined, endpointOrigin: string) {
  const m = /^vapid t=([^,]+), k=(.+)$/.exec(header ?? '');
  if (!m) throw new Error(`no VAPID header: ${header}`);
  const raw = Buffer.from(m[2]!, 'base64url');
  const key = await importJWK(
    {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    'ES256',
  );
  const { payload } = await jwtVerify(m[1]!, key, { audience: endpointOrigin });
  return { payload, publicKey: m[2]! };
}

/** A push service on loopback; `reply` picks each answer's status (and may delay). */
export async function startPushEndpoint(
  reply: (n: number) => { status: number; delayMs?: number; headers?: Record<string, string> } = () => ({
    status: 201,
  }),
) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks) });
      const r = reply(received.length);
      setTimeout(() => res.writeHead(r.status, r.headers).end(), r.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    endpoint: (name = 'sub') => `${origin}/push/${name}-${randomBytes(4).toString('hex')}`,
    close: () =>
      new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}
