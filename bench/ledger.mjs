// Ledger benchmark: settle() on random rooms of 10, 15, 20, 25, 50 and 200 people with 50 bills of random
// cents each; median and max time, exact or fallback, and how the result compares with largest-first greedy.
// Usage: npm run build && node bench/ledger.mjs [rooms per size = 40]
import { billDebts, greedySettle, netBalances, settle } from '@outing/ledger';

const roomsPerSize = Number(process.argv[2] ?? 40);
let seed = 20261122;
const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const int = (lo, hi) => lo + Math.floor(rnd() * (hi - lo + 1));

function room(people) {
  const debts = [];
  for (let billId = 1; billId <= 50; billId++) {
    const owner = int(1, people);
    const payers = new Set();
    const count = int(1, Math.min(people - 1, 8));
    while (payers.size < count) {
      const p = int(1, people);
      if (p !== owner) payers.add(p);
    }
    debts.push(
      ...billDebts({
        billId,
        totalCents: int(100, 30_000),
        ownerId: owner,
        payerIds: [...payers],
        includeOwner: rnd() < 0.8,
      }),
    );
  }
  return netBalances(debts);
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// Warm up the JIT so that the first size does not pay for it.
for (let i = 0; i < 5; i++) settle(room(20));

console.log(
  '| people | rooms | exact | median ms | max ms | transfers (median) | greedy (median) | better than greedy | same as greedy |',
);
console.log('|---|---|---|---|---|---|---|---|---|');
for (const people of [10, 15, 20, 25, 50, 200]) {
  const times = [];
  const ours = [];
  const greedy = [];
  let better = 0;
  let same = 0;
  let exact = 0;
  for (let r = 0; r < roomsPerSize; r++) {
    const balances = room(people);
    const t0 = performance.now();
    const result = settle(balances);
    times.push(performance.now() - t0);
    const g = greedySettle(balances).length;
    ours.push(result.transfers.length);
    greedy.push(g);
    if (result.exact) exact++;
    if (result.transfers.length < g) better++;
    else if (result.transfers.length === g) same++;
  }
  console.log(
    `| ${people} | ${roomsPerSize} | ${exact}/${roomsPerSize} | ${median(times).toFixed(2)} | ${Math.max(...times).toFixed(2)} | ${median(ours)} | ${median(greedy)} | ${better} | ${same} |`,
  );
}
