import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SplitError } from './split-input.js';
import { specFromJson, specToJson, specUserIds, type SplitJson } from './split-json.js';

describe('split JSON ↔ ledger integers', () => {
  it('reads amounts per exponent and percents as basis points', () => {
    const json: SplitJson = {
      mode: 'items',
      items: [{ name: 'Tea', amount: 1.5, userIds: [2, 1] }],
      charges: [{ name: 'Service', percent: 12.5 }],
    };
    expect(specFromJson(json, 2)).toEqual({
      mode: 'items',
      items: [{ name: 'Tea', minor: 150, userIds: [2, 1] }],
      charges: [{ name: 'Service', basisPoints: 1250 }],
    });
    expect(specFromJson({ mode: 'exact', amounts: [{ userId: 1, amount: 0 }] }, 0)).toEqual({
      mode: 'exact',
      amounts: [{ userId: 1, minor: 0 }],
    });
    expect(specUserIds(specFromJson(json, 2))).toEqual([2, 1]);
  });
  it('names the field of an amount with too many decimals', () => {
    const bad = () =>
      specFromJson(
        {
          mode: 'exact',
          amounts: [
            { userId: 1, amount: 1 },
            { userId: 2, amount: 1.5 },
          ],
        },
        0,
      );
    expect(bad).toThrow(SplitError);
    try {
      bad();
    } catch (err) {
      expect((err as SplitError).path).toBe('split.amounts.1.amount');
    }
  });
  it('round-trips every mode', () => {
    const ids = fc.uniqueArray(fc.integer({ min: 1, max: 99 }), { minLength: 1, maxLength: 5 });
    const minor = fc.integer({ min: 1, max: 1_000_000 }); // within the cap at every exponent
    const bp = fc.integer({ min: 0, max: 10_000 });
    const spec = fc.oneof(
      ids.map((userIds) => ({ mode: 'equal' as const, userIds })),
      ids
        .chain((u) => fc.tuple(...u.map((userId) => minor.map((m) => ({ userId, minor: m })))))
        .map((amounts) => ({ mode: 'exact' as const, amounts })),
      ids
        .chain((u) => fc.tuple(...u.map((userId) => bp.map((b) => ({ userId, basisPoints: b })))))
        .map((percents) => ({ mode: 'percent' as const, percents })),
      fc.record({
        mode: fc.constant('items' as const),
        items: fc.array(fc.record({ name: fc.constant('x'), minor, userIds: ids }), {
          minLength: 1,
          maxLength: 4,
        }),
        charges: fc.array(fc.record({ name: fc.constant('c'), basisPoints: bp }), { maxLength: 3 }),
      }),
    );
    fc.assert(
      fc.property(spec, fc.constantFrom(0, 2, 3), (s, exponent) => {
        expect(specFromJson(specToJson(s, exponent), exponent)).toEqual(s);
      }),
      { numRuns: 2000 },
    );
  });
});
