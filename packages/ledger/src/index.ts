export { AmountError, MAX_AMOUNT_CENTS, centsToAmount, formatCents, parseAmount } from './money.js';
export { billDebts, netBalances, splitBill, type BillInput, type Debt } from './split.js';
export { EXACT_LIMIT, greedySettle, settle, type Settlement, type Transfer } from './settle.js';
