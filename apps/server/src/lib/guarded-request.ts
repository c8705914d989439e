import dns from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { isLocalName, isPublicAddress } from './public-address.js';

/** Resolves a name to all its addresses (`dns.lookup`, so /etc/hosts counts; tests inject their own). */
export type Resolve = (hostname: string) => Promise<{ address: string; family: number }[]>;

export const systemResolve: Resolve = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

export class RefusedDestination extends Error {
  override name = 'RefusedDestination';
}

/**
 * The address to connect to for `url`, checked: with `allowPrivate` off, a local name, or a name any of whose
 * addresses is not public, is refused (all of them, so that a name answering a public and a private address
 * cannot pick the private one for us). The caller then connects to this very address, so a second lookup (DNS
 * rebinding) cannot swap it.
 */
export async function checkedAddress(
  url: URL,
  allowPrivate: boolean,
  resolve: Resolve = systemResolve,
): Promise<{ address: string; family: number }> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host)) {
    if (!allowPrivate && !isPublicAddress(host))
      throw new RefusedDestination(`${host} is not a public address`);
    return { address: host, family: net.isIP(host) };
  }
  if (!allowPrivate && isLocalName(host)) throw new RefusedDestination(`${host} is a local name`);
  const found = await resolve(host);
  if (found.length === 0) throw new Error(`${host} has no address`);
  if (!allowPrivate) {
    const bad = found.find((a) => !isPublicAddress(a.address));
    if (bad) throw new RefusedDestination(`${host} resolves to ${bad.address}, not a public address`);
  }
  return found[0]!;
}

export type GuardedRequest = {
  method: string;
  headers: Record<string, string | number>;
  body?: Buffer;
  timeoutMs: number;
  allowPrivate: boolean;
  resolve?: Resolve;
};

/**
 * One request to a URL a user supplied: `https` only unless `allowPrivate`, to the checked address (the name
 * stays the Host and TLS server name), never following a redirect (a 3xx is returned as it is), bounded by a
 * timeout. Resolves with the status and the headers; the body is read and dropped.
 */
export async function guardedRequest(
  target: string,
  o: GuardedRequest,
): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  const url = new URL(target);
  if (url.protocol !== 'https:' && !(o.allowPrivate && url.protocol === 'http:'))
    throw new RefusedDestination('not an https URL');
  const { address, family } = await checkedAddress(url, o.allowPrivate, o.resolve);
  // net calls `lookup` with `all: true` when it may try several families (autoSelectFamily); answer both forms.
  const lookup = ((_name: string, opts: { all?: boolean }, cb: (...args: unknown[]) => void) =>
    opts.all ? cb(null, [{ address, family }]) : cb(null, address, family)) as net.LookupFunction;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolvePromise, reject) => {
    const req = client.request(
      url,
      {
        method: o.method,
        headers: o.headers,
        lookup,
        agent: false, // a fresh connection: a pooled socket could belong to another address of the same name
        signal: AbortSignal.timeout(o.timeoutMs),
      },
      (res) => {
        res.resume();
        res.on('end', () => resolvePromise({ status: res.statusCode ?? 0, headers: res.headers }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(o.body);
  });
}
