import { t, type MessageValues } from '@/lib/i18n/i18n';
import type { MessageKey } from '@/lib/i18n/keys';

// The ledger (@outing/ledger, shared with the server) explains a split it refuses in English, as the API's 400s do.
// The bill form runs the same ledger live, so its refusals are shown in the interface's language: each message the
// ledger can give is recognised here and said from the catalogue. split-error-text.test.ts makes the ledger refuse
// each case, so a reworded ledger message fails a test instead of slipping through in English.

type Said = { key: MessageKey; values?: MessageValues };
type Rule = [RegExp, (match: RegExpExecArray) => Said];

const RULES: Rule[] = [
  [/^Choose at least one person to split with$/, () => ({ key: 'bills.errors.emptyEqual' })],
  [/^Give at least one person an amount$/, () => ({ key: 'bills.errors.emptyExact' })],
  [/^Give at least one person a share$/, () => ({ key: 'bills.errors.emptyShares' })],
  [/^Give at least one person a percentage$/, () => ({ key: 'bills.errors.emptyPercent' })],
  [/^At least one person needs a share above 0$/, () => ({ key: 'bills.errors.sharesZero' })],
  [
    /^Percentages add up to (.+)%, not 100%$/,
    (m) => ({ key: 'bills.errors.percentSum', values: { sum: m[1]! } }),
  ],
  [
    /^The amounts add up to (.+), not (.+)$/,
    (m) => ({ key: 'bills.errors.amountsSum', values: { sum: m[1]!, total: m[2]! } }),
  ],
  [
    /^The items and charges add up to (.+), not (.+)$/,
    (m) => ({ key: 'bills.errors.itemsSum', values: { sum: m[1]!, total: m[2]! } }),
  ],
  [
    /^The items and charges come to (.+), above the 1,000,000 a bill can carry$/,
    (m) => ({ key: 'bills.errors.itemsTooMuch', values: { sum: m[1]!, max: 1_000_000 } }),
  ],
  [
    /^A bill can be split among at most (\d+) people$/,
    (m) => ({ key: 'bills.errors.tooManyPeople', values: { max: m[1]! } }),
  ],
  [
    /^A bill can have at most (\d+) items$/,
    (m) => ({ key: 'bills.errors.tooManyItems', values: { max: m[1]! } }),
  ],
  [
    /^A bill can have at most (\d+) charges$/,
    (m) => ({ key: 'bills.errors.tooManyCharges', values: { max: m[1]! } }),
  ],
  [/^Add at least one item$/, () => ({ key: 'bills.errors.addItem' })],
  [/^Each item needs an amount above 0$/, () => ({ key: 'bills.errors.itemAmount' })],
  [
    /^Each item needs a name of 1 to (\d+) characters$/,
    (m) => ({ key: 'bills.errors.itemName', values: { max: m[1]! } }),
  ],
  [
    /^Each charge needs a name of 1 to (\d+) characters$/,
    (m) => ({ key: 'bills.errors.chargeName', values: { max: m[1]! } }),
  ],
  // computeBill: a discount or voucher that takes the running total to 0 or below (docs/api/README.md#real-bills).
  [
    /^After “(.*)” the bill comes to (-?[\d.,]+): it must stay above 0$/,
    (m) => ({ key: 'bills.errors.runningTotal', values: { name: m[1]!, amount: m[2]! } }),
  ],
];

/** The catalogue's message for a ledger refusal, or null for one not known here. */
export function splitErrorMessage(message: string): Said | null {
  for (const [pattern, say] of RULES) {
    const match = pattern.exec(message);
    if (match) return say(match);
  }
  return null;
}

/**
 * A ledger refusal in the interface's language; a message not known here (one the form's own checks make
 * unreachable, e.g. a person listed twice) is shown as the ledger wrote it.
 */
export function splitErrorText(message: string): string {
  const said = splitErrorMessage(message);
  return said ? t(said.key, said.values) : message;
}
