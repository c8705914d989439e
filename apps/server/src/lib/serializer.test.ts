import * as contract from '@outing/contract';
import { roomsResponse } from '@outing/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { schemaArbitraries } from '../fuzz/arbitraries.js';
import { compileStringify, createSerializerCompiler, isPlainSchema } from './serializer.js';

// Every schema the contract exports: the response schemas of every route are among them.
const schemas = (Object.entries(contract) as [string, unknown][]).filter(
  (e): e is [string, z.ZodType] => e[1] instanceof z.ZodType,
);
const { valid } = schemaArbitraries([]);

/** Adds an undeclared key to every object inside a value: the writer must drop them, as zod's output does. */
function withExtraKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withExtraKeys);
  if (value && typeof value === 'object') {
    const copy: Record<string, unknown> = { passwordHash: 'secret' };
    for (const [k, v] of Object.entries(value)) copy[k] = withExtraKeys(v);
    return copy;
  }
  return value;
}

describe('response writer', () => {
  it('covers the whole contract', () => {
    expect(schemas.length).toBeGreaterThan(60);
    expect(schemas.map(([name]) => name)).toEqual(
      expect.arrayContaining(['roomsResponse', 'errorEnvelopeSchema']),
    );
  });

  it('compiles a writer for every response schema but the unions', () => {
    const responses = schemas.filter(([name]) => name.endsWith('Response'));
    const fallback = responses.filter(([, s]) => !isPlainSchema(s)).map(([name]) => name);
    // The activity's `changes` hold text or amounts (a union): rare reads, not worth a schema of their own.
    expect(fallback.sort()).toEqual([
      'activityResponse',
      'answerInviteResponse',
      'billResponse',
      'billsResponse',
      'datePollResponse',
      // A profile change answers `{field, value}`, and a picture's its URL too (a union): rare writes.
      'updateUserResponse',
      'verifyResponse',
    ]);
    expect(isPlainSchema(roomsResponse)).toBe(true);
    expect(isPlainSchema(z.object({ s: z.string().trim() }))).toBe(false);
    expect(isPlainSchema(z.object({ n: z.number().default(1) }))).toBe(false);
  });

  it.each(schemas)('writes %s as JSON.stringify of zod’s output, without undeclared keys', (name, schema) => {
    const stringify = compileStringify(schema);
    let checked = 0;
    fc.assert(
      fc.property(valid(schema), (value) => {
        let expected;
        try {
          expected = z.safeEncode(schema, value as never);
        } catch (err) {
          // A request schema with a one-way transform: no answer has one (zod's own serializer would throw too).
          expect(name).not.toMatch(/Response$/);
          expect(String(err)).toMatch(/unidirectional transform/);
          return;
        }
        if (!expected.success) return; // the generator aims at valid values but does not always hit one
        checked++;
        // The same JSON values (fast-json-stringify may put required keys before optional ones).
        expect(JSON.parse(stringify(withExtraKeys(value)))).toEqual(
          JSON.parse(JSON.stringify(expected.data)),
        );
      }),
      { numRuns: 60, seed: 20_261_123 },
    );
    if (name.endsWith('Response')) expect(checked).toBeGreaterThan(0);
  });

  it('escapes any text as JSON.stringify does (lone surrogates, controls, quotes)', () => {
    const stringify = compileStringify(z.object({ s: z.string() }));
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (s) => {
        expect(stringify({ s })).toBe(JSON.stringify({ s }));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('serializer compiler', () => {
  const rooms = { status: 'success', message: '', data: [] };
  const compile = (validate: boolean) =>
    createSerializerCompiler({ validate })({
      schema: roomsResponse,
      method: 'GET',
      url: '/v1/rooms',
      httpStatus: '200',
    });

  it('refuses an answer that breaks the schema when validating (development and tests)', () => {
    expect(compile(true)(rooms)).toBe('{"status":"success","message":"","data":[]}');
    expect(() => compile(true)({ ...rooms, status: 'ok' })).toThrow(/Response doesn't match the schema/);
  });

  it('still refuses an answer missing a declared field without validating (production)', () => {
    expect(compile(false)(rooms)).toBe('{"status":"success","message":"","data":[]}');
    expect(() => compile(false)({ status: 'success', data: [] })).toThrow(/message/);
  });
});
