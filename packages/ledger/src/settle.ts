import type { Debt } from './split.js';

export type Transfer = Debt;

/** Up to this many non-zero balances (after exact pairs are taken out) the optimum is computed exactly. */
export const EXACT_LIMIT = 20;

export type Settlement = { transfers: Transfer[]; exact: boolean };

/**
 * Transfers that bring every balance to zero with the fewest transfers possible (docs/api/README.md#fewest-transfers).
 *
 * The optimum is `n − k`, where `n` counts the non-zero balances and `k` is the largest number of disjoint
 * zero-sum groups they split into: each group settles in `size − 1` transfers and no fewer. Two opposite
 * balances always form a group of their own in some optimum, so they are paired first; the rest is solved by
 * dynamic programming over subsets when small enough, and otherwise by a deterministic heuristic (pairs, then
 * zero-sum triples, then largest-first, or largest-first over everyone when that is shorter) that never needs more
 * than `n − 1` transfers. Ties break by user id, so the
 * same balances always give the same transfers.
 */
export function settle(balances: ReadonlyMap<number, number>): Settlement {
  let total = 0;
  const entries: [number, number][] = [];
  for (const [id, minor] of balances) {
    if (!Number.isSafeInteger(minor)) throw new RangeError(`balance of ${id} is not whole minor units`);
    total += minor;
    if (minor !== 0) entries.push([id, minor]);
  }
  if (total !== 0) throw new RangeError(`balances add up to ${total}, not 0`);
  entries.sort((a, b) => a[0] - b[0]);

  const { groups, rest } = takeOppositePairs(entries);
  let exact = true;
  if (rest.length <= EXACT_LIMIT) groups.push(...maxZeroSumGroups(rest));
  else {
    exact = false;
    const triples = takeZeroSumTriples(rest);
    groups.push(...triples.groups, triples.rest);
  }
  let transfers = groups.flatMap(settleGroup);
  if (!exact) {
    // Greedy over everyone sometimes clears two balances at once where the heuristic's groups do not.
    const greedy = settleGroup(entries);
    if (greedy.length < transfers.length) transfers = greedy;
  }
  transfers.sort((a, b) => a.from - b.from || a.to - b.to);
  return { transfers, exact };
}

type Entry = [id: number, minor: number];

/** Pairs `x` with `−x`, lowest ids first. */
function takeOppositePairs(entries: Entry[]): { groups: Entry[][]; rest: Entry[] } {
  const open = new Map<number, Entry[]>(); // amount → unmatched entries with that amount, by id
  const groups: Entry[][] = [];
  const used = new Set<Entry>();
  for (const e of entries) {
    const partners = open.get(-e[1]);
    if (partners?.length) {
      const p = partners.shift()!;
      used.add(p).add(e);
      groups.push([p, e]);
    } else {
      const list = open.get(e[1]) ?? [];
      list.push(e);
      open.set(e[1], list);
    }
  }
  return { groups, rest: entries.filter((e) => !used.has(e)) };
}

/** Zero-sum triples, found with a hash of amounts, taken greedily in id order (heuristic path only). */
function takeZeroSumTriples(entries: Entry[]): { groups: Entry[][]; rest: Entry[] } {
  const used = new Set<number>();
  const groups: Entry[][] = [];
  for (let i = 0; i < entries.length; i++) {
    if (used.has(i)) continue;
    const index = new Map<number, number>();
    for (let k = i + 1; k < entries.length; k++)
      if (!used.has(k) && !index.has(entries[k]![1])) index.set(entries[k]![1], k);
    for (let j = i + 1; j < entries.length; j++) {
      if (used.has(j)) continue;
      const k = index.get(-(entries[i]![1] + entries[j]![1]));
      if (k !== undefined && k !== j && !used.has(k)) {
        used.add(i).add(j).add(k);
        groups.push([entries[i]!, entries[j]!, entries[k]!]);
        break;
      }
    }
  }
  return { groups, rest: entries.filter((_, i) => !used.has(i)) };
}

/**
 * Splits entries into the largest number of zero-sum groups. `best[mask]` is the most zero-sum groups that the
 * members of `mask` can be cut into when taken off one at a time; it grows by one whenever `mask` itself sums to
 * zero. The groups are read back along one optimal chain of masks.
 */
function maxZeroSumGroups(entries: Entry[]): Entry[][] {
  const n = entries.length;
  if (n === 0) return [];
  const size = 1 << n;
  const sum = new Float64Array(size);
  const best = new Int8Array(size);
  for (let mask = 1; mask < size; mask++) {
    const low = mask & -mask;
    sum[mask] = sum[mask ^ low]! + entries[31 - Math.clz32(low)]![1];
    let b = 0;
    for (let rest = mask; rest; rest &= rest - 1) {
      const v = best[mask ^ (rest & -rest)]!;
      if (v > b) b = v;
    }
    best[mask] = b + (sum[mask] === 0 ? 1 : 0);
  }
  const groups: Entry[][] = [];
  let current: Entry[] = [];
  for (let mask = size - 1; mask;) {
    const gain = sum[mask] === 0 ? 1 : 0;
    let next = -1;
    for (let i = 0; i < n && next < 0; i++) {
      const bit = 1 << i;
      if (mask & bit && best[mask ^ bit]! + gain === best[mask]) next = i;
    }
    current.push(entries[next]!);
    mask ^= 1 << next;
    if (sum[mask] === 0) {
      groups.push(current);
      current = [];
    }
  }
  return groups;
}

/** Settles one zero-sum group in `size − 1` transfers: the largest debtor pays the largest creditor (ties by id). */
function settleGroup(group: Entry[]): Transfer[] {
  const debtors = group.filter((e) => e[1] < 0).map(([id, c]) => ({ id, left: -c }));
  const creditors = group.filter((e) => e[1] > 0).map(([id, c]) => ({ id, left: c }));
  const order = (a: { id: number; left: number }, b: { id: number; left: number }) =>
    b.left - a.left || a.id - b.id;
  const transfers: Transfer[] = [];
  for (;;) {
    debtors.sort(order);
    creditors.sort(order);
    const d = debtors[0];
    const c = creditors[0];
    if (!d || !c || d.left === 0) break;
    const minor = Math.min(d.left, c.left);
    transfers.push({ from: d.id, to: c.id, minor });
    d.left -= minor;
    c.left -= minor;
    if (d.left === 0) debtors.shift();
    if (c.left === 0) creditors.shift();
  }
  return transfers;
}

/** Largest-first greedy over all balances, the usual splitter's method (kept to compare against). */
export function greedySettle(balances: ReadonlyMap<number, number>): Transfer[] {
  const entries = [...balances].filter(([, c]) => c !== 0).sort((a, b) => a[0] - b[0]);
  return settleGroup(entries);
}
