import fc from 'fast-check';
import type { z } from 'zod';
import { extraKeyArb, nastyIds, nastyNumbers, nastyStrings, RawJson, wrongTypeArb } from './nasty.js';

/** The parts of zod 4's internal definition the walker reads (`schema._zod.def`). */
type Def = {
  type: string;
  coerce?: boolean;
  format?: string;
  pattern?: RegExp;
  checks?: { _zod: { def: CheckDef } }[];
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  options?: z.ZodType[];
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  entries?: Record<string, string | number>;
  values?: unknown[];
};
type CheckDef = {
  check: string;
  format?: string;
  pattern?: RegExp;
  minimum?: number;
  maximum?: number;
  value?: number;
  inclusive?: boolean;
};

const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;
const isOptional = (s: z.ZodType) => (s as unknown as { _zod: { optin?: string } })._zod.optin === 'optional';

/** The bounds a schema's checks declare (lengths for strings and arrays, values for numbers). */
function boundsOf(def: Def) {
  const b: { min?: number; max?: number; int: boolean; pattern?: RegExp; format?: string } = {
    int: false,
    pattern: def.pattern,
    format: def.format,
  };
  for (const { _zod } of def.checks ?? []) {
    const c = _zod.def;
    if (c.check === 'min_length') b.min = c.minimum;
    else if (c.check === 'max_length') b.max = c.maximum;
    else if (c.check === 'greater_than') b.min = c.inclusive ? c.value : (c.value ?? 0) + 1e-9;
    else if (c.check === 'less_than') b.max = c.inclusive ? c.value : (c.value ?? 0) - 1e-9;
    else if (c.check === 'number_format') b.int = c.format !== 'float32' && c.format !== 'float64';
    else if (c.check === 'string_format') {
      b.format ??= c.format;
      b.pattern ??= c.pattern;
    }
  }
  return b;
}

/**
 * fast-check arbitraries derived from zod 4 schemas by walking their definitions. `valid` aims at values the schema
 * accepts (with real ids and names from `pool` wherever the schema accepts them, so that requests reach the
 * handlers); `mutated` at values one step or more off: wrong types, missing and extra keys, boundaries, nasty text.
 */
export function schemaArbitraries(pool: readonly unknown[]) {
  const validCache = new WeakMap<z.ZodType, fc.Arbitrary<unknown>>();
  const mutatedCache = new WeakMap<z.ZodType, fc.Arbitrary<unknown>>();

  function fromPool(s: z.ZodType, generated: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
    const hits = pool.filter((v) => s.safeParse(v).success);
    if (hits.length === 0) return generated;
    return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...hits) }, { weight: 1, arbitrary: generated });
  }

  function validString(def: Def): fc.Arbitrary<string> {
    const b = boundsOf(def);
    const min = b.min ?? 0;
    const max = Math.min(b.max ?? 40, Math.max(min, 40));
    const fit = (a: fc.Arbitrary<string>) => a.map((s) => s.slice(0, b.max ?? s.length));
    switch (b.format) {
      case 'uuid':
        return fc.uuid({ version: 4 });
      case 'email':
        return fc.stringMatching(/^[a-z0-9]{1,12}$/).map((l) => `${l}@example.com`);
      case 'url':
        return fc.webPath().map((p) => `https://push.example.com/${encodeURI(p)}`);
      case 'datetime':
        return fc
          .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
          .map((d) => d.toISOString());
    }
    // Patterns say nothing of length; a short match is repeated up to the minimum (valid-ish is enough here, and
    // filtering would never end for p256dh's 80 characters).
    if (b.pattern)
      return fit(
        fc.stringMatching(b.pattern).map((s) => (s || 'a').repeat(Math.ceil(min / (s.length || 1)) || 1)),
      );
    return fc.string({ minLength: min, maxLength: max, unit: 'grapheme-ascii' });
  }

  function validNumber(def: Def): fc.Arbitrary<number> {
    const b = boundsOf(def);
    const lo = b.min === undefined ? -1_000_000 : Math.ceil(b.min);
    const hi = b.max === undefined ? 1_000_000 : Math.floor(b.max);
    if (b.int) return fc.integer({ min: lo, max: Math.max(lo, hi) });
    // Unbounded numbers in this contract are amounts: cents first, then any double.
    return fc.oneof(
      fc.integer({ min: Math.max(lo * 100, 1), max: hi * 100 }).map((c) => c / 100),
      fc.double({ min: lo, max: hi, noNaN: true }),
    );
  }

  function valid(s: z.ZodType): fc.Arbitrary<unknown> {
    let arb = validCache.get(s);
    if (!arb) {
      arb = fromPool(s, validOf(s));
      validCache.set(s, arb);
    }
    return arb;
  }

  function validOf(s: z.ZodType): fc.Arbitrary<unknown> {
    const def = defOf(s);
    switch (def.type) {
      case 'string':
        return validString(def);
      case 'number':
        return validNumber(def);
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'undefined':
        return fc.constant(undefined);
      case 'literal':
        return fc.constantFrom(...(def.values ?? []));
      case 'enum':
        return fc.constantFrom(...Object.values(def.entries ?? {}));
      case 'array': {
        const b = boundsOf(def);
        const min = b.min ?? 0;
        const many = fc.array(valid(def.element!), {
          minLength: min,
          maxLength: Math.min(b.max ?? 5, min + 4),
        });
        // One element is the likeliest valid list (one payer, one invitee): give it its own share.
        return min <= 1
          ? fc.oneof(
              many,
              valid(def.element!).map((v) => [v]),
            )
          : many;
      }
      case 'object': {
        const shape = def.shape ?? {};
        const requiredKeys = Object.keys(shape).filter((k) => !isOptional(shape[k]!));
        const fields = Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, valid(v)]));
        return fc.record(fields, { requiredKeys });
      }
      case 'optional':
        return fc.option(valid(def.innerType!), { nil: undefined });
      case 'nullable':
        return fc.option(valid(def.innerType!), { nil: null });
      case 'default':
      case 'prefault':
      case 'catch':
      case 'readonly':
      case 'nonoptional':
        return valid(def.innerType!);
      case 'union':
        return fc.oneof(...(def.options ?? []).map(valid));
      case 'pipe': {
        // `.transform()` is pipe(schema, transform); `z.preprocess()` is pipe(transform, schema). Otherwise the
        // output side often says more (a trimmed string piped into an email), and its values pass the input side.
        if (defOf(def.in!).type === 'transform') return valid(def.out!);
        if (defOf(def.out!).type === 'transform') return valid(def.in!);
        return fc.oneof(valid(def.in!), valid(def.out!));
      }
      default:
        return fc.jsonValue({ maxDepth: 2 });
    }
  }

  function mutated(s: z.ZodType): fc.Arbitrary<unknown> {
    let arb = mutatedCache.get(s);
    if (!arb) {
      arb = fc.oneof({ weight: 1, arbitrary: wrongTypeArb }, { weight: 4, arbitrary: mutatedOf(s) });
      mutatedCache.set(s, arb);
    }
    return arb;
  }

  function mutatedOf(s: z.ZodType): fc.Arbitrary<unknown> {
    const def = defOf(s);
    const b = boundsOf(def);
    switch (def.type) {
      case 'string': {
        const edges: string[] = [];
        if (b.min !== undefined && b.min > 0) edges.push('x'.repeat(b.min - 1));
        if (b.max !== undefined) edges.push('x'.repeat(b.max + 1), 'é'.repeat(b.max + 1));
        return fc.oneof(
          fc.constantFrom(...nastyStrings, ...(edges.length ? edges : [''])),
          fc
            .tuple(valid(s), fc.constantFrom(...nastyStrings.slice(0, 14)))
            .map(([v, n]) => `${String(v)}${n}`),
          valid(s).map((v) => ` ${String(v).toUpperCase()} `),
          fc.string({ unit: 'binary', maxLength: 80 }),
        );
      }
      case 'number': {
        const edges: number[] = [];
        if (b.min !== undefined) edges.push(Math.floor(b.min) - 1, b.min - 0.5);
        if (b.max !== undefined) edges.push(Math.ceil(b.max) + 1, b.max + 0.5);
        return fc.oneof(
          fc.constantFrom(...nastyNumbers, ...edges),
          ...(def.coerce ? [fc.constantFrom(...nastyIds)] : []),
          valid(s).map((v) => String(v)),
          valid(s).map((v) => new RawJson(`${Number(v)}001`)),
        );
      }
      case 'boolean':
        return fc.constantFrom<unknown>('true', 'false', 1, 0, 'yes', '', null);
      case 'literal':
      case 'enum': {
        const allowed = def.type === 'enum' ? Object.values(def.entries ?? {}) : (def.values ?? []);
        return fc.oneof(
          fc.constantFrom(
            ...allowed.map((v) => String(v).toUpperCase()),
            ...allowed.map((v) => ` ${String(v)}`),
          ),
          fc.constantFrom(...nastyStrings.slice(0, 20)),
        );
      }
      case 'array': {
        const el = def.element!;
        return fc.oneof(
          fc.constant([]),
          fc.array(valid(el), { minLength: (b.max ?? 100) + 1, maxLength: (b.max ?? 100) + 1 }),
          fc.array(fc.oneof(valid(el), mutated(el)), { minLength: 1, maxLength: 4 }),
          valid(el).map((v) => [v, v, v]),
          fc.constantFrom(...nastyIds).map((v) => [v]),
        );
      }
      case 'object':
        return mutatedObject(s, def.shape ?? {});
      case 'union':
        return fc.oneof(...(def.options ?? []).map(mutated), fc.constantFrom(...nastyIds));
      case 'pipe':
        return fc.oneof(
          defOf(def.in!).type === 'transform' ? mutated(def.out!) : mutated(def.in!),
          fc.constantFrom(...nastyIds),
        );
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'catch':
      case 'readonly':
      case 'nonoptional':
        return mutated(def.innerType!);
      default:
        return wrongTypeArb;
    }
  }

  function mutatedObject(s: z.ZodType, shape: Record<string, z.ZodType>): fc.Arbitrary<unknown> {
    const keys = Object.keys(shape);
    const base = valid(s) as fc.Arbitrary<Record<string, unknown>>;
    const required = keys.filter((k) => !isOptional(shape[k]!));
    const options: fc.Arbitrary<unknown>[] = [
      fc
        .tuple(base, fc.dictionary(extraKeyArb, wrongTypeArb, { minKeys: 1, maxKeys: 3 }))
        .map(([obj, extra]) => Object.assign(Object.create(null), obj, extra)),
      fc.record(Object.fromEntries(keys.map((k) => [k, fc.oneof(valid(shape[k]!), mutated(shape[k]!))]))),
    ];
    if (keys.length > 0) {
      options.push(
        fc
          .tuple(base, fc.constantFrom(...keys))
          .chain(([obj, k]) => mutated(shape[k]!).map((v) => ({ ...obj, [k]: v }))),
      );
    }
    if (required.length > 0) {
      options.push(
        fc.tuple(base, fc.constantFrom(...required)).map(([obj, k]) => {
          const copy = { ...obj };
          delete copy[k];
          return copy;
        }),
      );
    }
    return fc.oneof(...options);
  }

  return { valid, mutated };
}
