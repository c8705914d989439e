import fc from 'fast-check';

/**
 * A number token written into the JSON text as is. JSON.stringify cannot produce `NaN`, `1e309` or `1.0050`, but a
 * client can send them, so bodies are serialised with `toJsonText`, which keeps these tokens verbatim.
 */
export class RawJson {
  constructor(readonly text: string) {}
}

const KB = 1024;

/** Strings that have broken servers before: control characters, lone surrogates, RTL, injection, huge. */
export const nastyStrings: readonly string[] = [
  '',
  ' ',
  '   \t\n ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\ud83d\ude00\ud83c\udf89',
  '\u202eevil\u202c',
  'שלום עולם',
  'مرحبا',
  '\u200b\u200d\ufeff',
  'e\u0301\u0301\u0301',
  'Ω≈ç√∫',
  '𝕳𝖊𝖑𝖑𝖔',
  '\u001b[31mred',
  '\r\n\r\nX-Injected: 1',
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  '"',
  '\\',
  '%00',
  '%',
  '%zz',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '{{7*7}}',
  '${7*7}',
  'null',
  'undefined',
  'true',
  'NaN',
  '__proto__',
  'constructor',
  '-1',
  '0',
  '1.5',
  '1e3',
  ' 1 ',
  '0x10',
  '99999999999999999999',
  '2147483648',
  '9007199254740993',
  'ffffffff-ffff-4fff-bfff-ffffffffffff',
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF',
  '2024-02-30',
  '9999-12-31',
  '0000-01-01',
  '1970-01-01T00:00:00Z',
  '2030-01-01T25:61:00Z',
  '+275760-09-13',
  '24:00',
  '23:60',
  '7:5',
  'a@b',
  'a@b.c',
  'A@EXAMPLE.COM',
  'http://localhost/x',
  'https://127.0.0.1/x',
  'https://[::1]/x',
  'https://169.254.169.254/latest',
  'https://10.0.0.1/',
  'https://0x7f000001/',
  'javascript:alert(1)',
  'file:///etc/passwd',
  'https://example.com/' + 'a'.repeat(3000),
  'a'.repeat(61),
  'a'.repeat(301),
  'a'.repeat(2001),
  'é'.repeat(4097),
  'x'.repeat(100 * KB),
  '\ud83d\ude00'.repeat(25 * KB),
  '\u0000'.repeat(10 * KB),
];

/** Numbers (and number-like JSON tokens) around every boundary the contract names. */
export const nastyNumbers: readonly unknown[] = [
  0,
  -0,
  -1,
  1,
  0.5,
  1.5,
  -3.14,
  0.001,
  1.005,
  12.345,
  0.1 + 0.2,
  1e-7,
  5e-324,
  999_999.99,
  1_000_000,
  1_000_000.01,
  1_000_001,
  2 ** 31 - 1,
  2 ** 31,
  2 ** 32,
  2 ** 53 - 1,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53),
  1e21,
  Number.MAX_VALUE,
  new RawJson('NaN'),
  new RawJson('Infinity'),
  new RawJson('-Infinity'),
  new RawJson('1e309'),
  new RawJson('-1e309'),
  new RawJson('99999999999999999999'),
  new RawJson('1.0050'),
  new RawJson('12.3400000000000000001'),
  new RawJson('1E2'),
  new RawJson('-0.0'),
  new RawJson('0.1e1'),
];

/** Malformed ids, for path segments and id fields alike. */
export const nastyIds: readonly unknown[] = [
  -1,
  0,
  1.5,
  'abc',
  '99999999999999999999',
  '2147483648',
  '9007199254740993',
  '1e3',
  '0x1',
  ' 1',
  '1 ',
  '+1',
  '-0',
  '',
  '%20',
  'null',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-4fff-bfff-ffffffffffff',
  'FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF',
  '6ba7b810-9dad-11d1-80b4-00c04fd430c8',
  '../1',
  '1;DROP TABLE rooms',
  '1'.repeat(400),
];

/** Values of every JSON type, nested and odd, for "wrong type" mutations. */
export const wrongTypeArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    true,
    false,
    [],
    {},
    [null],
    { '': '' },
    [[[[]]]],
    JSON.parse('{"__proto__":{"isAdmin":true}}'),
    JSON.parse('{"constructor":{"prototype":{"isAdmin":true}}}'),
  ),
  fc.constantFrom(...nastyNumbers),
  fc.constantFrom(...nastyStrings),
  fc.jsonValue({ maxDepth: 3 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

/** Extra keys an attacker might add: prototype keys, huge, empty, unicode. */
export const extraKeyArb: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'id',
    'userId',
    'isAdmin',
    'hostId',
    '',
    ' ',
    '\u0000',
  ),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }),
  fc.constant('k'.repeat(10 * KB)),
);

/** JSON text of a value, with RawJson tokens kept verbatim and `__proto__` keys written as data. */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const parts = Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}:${toJsonText(v)}`);
    return `{${parts.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
