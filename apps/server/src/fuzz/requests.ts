import fc from 'fast-check';
import type { z } from 'zod';
import type { schemaArbitraries } from './arbitraries.js';
import { RawJson, toJsonText } from './nasty.js';
import type { FuzzRoute, Method } from './routes.js';

export type FuzzRequest = {
  method: Method;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
};

type Arbs = ReturnType<typeof schemaArbitraries>;

/** Bodies no JSON parser should accept, or that only a careless one would: truncated, prototype keys, huge, deep. */
const junkBodies: fc.Arbitrary<string | Buffer> = fc.oneof(
  fc.constantFrom<string | Buffer>(
    '',
    ' ',
    '{',
    '{"a":',
    '[',
    '}',
    'null',
    '"text"',
    '123',
    'true',
    '[]',
    '{"a":1,}',
    "{'a':1}",
    '{a:1}',
    '\ufeff{}',
    '{"a":1}{"b":2}',
    '{"a":NaN}',
    '{"__proto__":{"isAdmin":true}}',
    '{"constructor":{"prototype":{"isAdmin":true}}}',
    '{"a":"\u0000"}',
    '{"a":"\\ud800"}',
    '{"a":1e999999}',
    '['.repeat(20_000) + ']'.repeat(20_000),
    '{"a":'.repeat(5_000) + '1' + '}'.repeat(5_000),
    `{"a":"${'x'.repeat(300 * 1024)}"}`,
    Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc0, 0x22, 0x7d]),
    Buffer.from('{"a":1}', 'utf16le'),
  ),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
);

const jsonType = 'application/json';
const contentTypes = fc.oneof(
  { weight: 12, arbitrary: fc.constant<string | undefined>(jsonType) },
  {
    weight: 3,
    arbitrary: fc.constantFrom<string | undefined>(
      undefined,
      '',
      'application/json; charset=utf-8',
      'application/JSON',
      'application/json; charset=latin1',
      'application/json; charset=utf-16',
      'application/json, text/plain',
      'application/vnd.api+json',
      'text/plain',
      'text/html',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=xyz',
      'application/octet-stream',
      '*/*',
      ';;;',
    ),
  },
);

/** Text for a URL part: the value's string form, usually percent-encoded, sometimes malformed on purpose. */
function urlPart(v: unknown): string {
  if (v instanceof RawJson) return v.text;
  if (v === null || typeof v !== 'object') return String(v);
  return toJsonText(v);
}
const encoding = fc.constantFrom<'encoded' | 'raw'>('encoded', 'encoded', 'encoded', 'raw');
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** Percent-encodes text; a lone surrogate (which has no UTF-8 form) is sent as the invalid bytes ED A0 80. */
function encode(text: string, how: 'encoded' | 'raw'): string {
  return text
    .split(loneSurrogate)
    .map((piece) =>
      how === 'encoded' ? encodeURIComponent(piece) : encodeURI(piece).replace(/[?#]/g, encodeURIComponent),
    )
    .join('%ED%A0%80');
}
const badPathSegments = fc.constantFrom(
  '%',
  '%zz',
  '%E0%A4%A',
  '%00',
  '%2F',
  '..',
  '.',
  '%2e%2e',
  '',
  '%C0%AF',
  'a'.repeat(5000),
  '9'.repeat(30),
);

function objectArb(arbs: Arbs, schema: z.ZodType | undefined, mutateWeight: number) {
  if (!schema) return fc.constant<Record<string, unknown>>({});
  return fc.oneof(
    { weight: 10 - mutateWeight, arbitrary: arbs.valid(schema) },
    { weight: mutateWeight, arbitrary: arbs.mutated(schema) },
  );
}

function pathOf(route: FuzzRoute, params: unknown): fc.Arbitrary<string> {
  const names = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  if (names.length === 0) return fc.constant(route.url);
  const obj = (params && typeof params === 'object' ? params : {}) as Record<string, unknown>;
  return fc
    .tuple(
      fc.array(encoding, { minLength: names.length, maxLength: names.length }),
      fc.oneof({ weight: 9, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: badPathSegments }),
    )
    .map(([hows, bad]) =>
      route.url.replace(/:(\w+)/g, (_m, name: string) => {
        const i = names.indexOf(name);
        if (bad !== null && i === names.length - 1) return bad;
        return name in obj ? encode(urlPart(obj[name]), hows[i]!) : '';
      }),
    );
}

/** A query string: arrays become repeated keys, and some junk pairs are appended. */
function queryOf(query: unknown): fc.Arbitrary<string> {
  const pairs: string[] = [];
  if (query && typeof query === 'object' && !Array.isArray(query)) {
    for (const [k, v] of Object.entries(query)) {
      if (v === undefined) continue;
      for (const item of Array.isArray(v) ? v : [v])
        pairs.push(`${encode(k, 'encoded')}=${encode(urlPart(item), 'encoded')}`);
    }
  } else if (query !== undefined) {
    pairs.push(encode(urlPart(query), 'encoded'));
  }
  const junk = fc.constantFrom(
    '',
    '',
    '',
    '&',
    '&&=&',
    'a[b]=c',
    '%zz=1',
    'x=%E0%A4%A',
    `q=${'q'.repeat(20_000)}`,
  );
  return fc.tuple(junk, fc.boolean()).map(([j, dup]) => {
    const all = [...pairs, ...(dup && pairs[0] ? [pairs[0]] : []), ...(j ? [j] : [])];
    return all.length ? `?${all.join('&')}` : '';
  });
}

function authOf(token: string): fc.Arbitrary<Record<string, string>> {
  return fc.oneof(
    { weight: 16, arbitrary: fc.constant({ authorization: `Bearer ${token}` }) },
    { weight: 2, arbitrary: fc.constant({}) },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(
          'Bearer',
          'Bearer ',
          'bearer abc',
          `Basic ${Buffer.from('a:b').toString('base64')}`,
          `Bearer ${token}x`,
          `Bearer ${token.split('.').slice(0, 2).join('.')}.`,
          `Bearer ${token} ${token}`,
          `Bearer ${'a'.repeat(8 * 1024)}`,
          'Bearer eyJhbGciOiJub25lIn0.eyJ1c2VyX2lkIjoxfQ.',
        )
        .map((authorization) => ({ authorization })),
    },
  );
}

/** Requests for one route: mostly one mutation away from valid, with raw-level breakage mixed in. */
export function requestArbitrary(route: FuzzRoute, arbs: Arbs, token: string): fc.Arbitrary<FuzzRequest> {
  const hasBody = route.body !== undefined;
  const body: fc.Arbitrary<string | Buffer | undefined> = hasBody
    ? fc.oneof(
        { weight: 8, arbitrary: objectArb(arbs, route.body, 6).map(toJsonText) },
        { weight: 2, arbitrary: junkBodies },
      )
    : fc.oneof({ weight: 8, arbitrary: fc.constant(undefined) }, { weight: 2, arbitrary: junkBodies });
  return fc
    .record({
      params: objectArb(arbs, route.params, 2),
      query: objectArb(arbs, route.query, 5),
      body,
      contentType: contentTypes,
      auth: authOf(token),
      slash: fc.oneof({ weight: 9, arbitrary: fc.constant('') }, { weight: 1, arbitrary: fc.constant('/') }),
    })
    .chain(({ params, query, body, contentType, auth, slash }) =>
      fc.tuple(pathOf(route, params), queryOf(route.query ? query : undefined)).map(([path, qs]) => {
        const headers: Record<string, string> = { ...auth };
        if (body !== undefined && contentType !== undefined) headers['content-type'] = contentType;
        const req: FuzzRequest = { method: route.method, url: path + slash + qs, headers };
        if (body !== undefined) req.payload = body;
        return req;
      }),
    );
}

/** A short, readable form of a request for failure messages (huge parts elided). */
export function describeRequest(req: FuzzRequest): string {
  const cut = (s: string) => (s.length > 300 ? `${s.slice(0, 300)}…(${s.length} chars)` : s);
  const payload = req.payload === undefined ? '' : ` body=${cut(String(req.payload))}`;
  return `${req.method} ${cut(req.url)} headers=${cut(JSON.stringify(req.headers))}${payload}`;
}
