export { AmountError, MAX_MAJOR, formatMinor, maxMinor, minorToAmount, parseMinor } from './amount.js';
export { CURRENCIES, currencyExponent, isCurrency } from './currency.js';
export { billDebts, netBalances, splitBill, type BillInput, type Debt } from './split.js';
export { EXACT_LIMIT, greedySettle, settle, type Settlement, type Transfer } from './settle.js';
export { roundShares, type ExactShares } from './round.js';
export {
  MAX_CHARGES,
  MAX_CHARGE_NAME,
  MAX_ITEMS,
  MAX_ITEM_NAME,
  MAX_PARTICIPANTS,
  MAX_QUANTITY,
  MAX_SHARE_WEIGHT,
  SplitError,
  formatPercent,
  type BillSplitSpec,
  type ChargeSpec,
  type ItemSpec,
  type SplitMode,
  type SplitSpec,
} from './split-input.js';
export { computeSplit, exactSplit, type SplitInput, type SplitResult } from './modes.js';
export {
  MAX_RATE_DIGITS,
  checkPayers,
  computeBill,
  convertAmount,
  ownerOf,
  parseRate,
  payerCredits,
  scaleToAmount,
  type BillComputeInput,
  type ComputedBill,
  type PersonMinor,
  type Rate,
} from './bill.js';
export { roomBalances, type LedgerPayment, type MemberBalance, type RoundBill } from './balances.js';
export {
  billSpecFromJson,
  specFromJson,
  specToBillJson,
  specToJson,
  specUserIds,
  type BillSplitJson,
  type SplitJson,
  type SplitJsonInput,
} from './split-json.js';
